import {
  areaClustersResource,
  blacklistLocationsResource,
  type FieldDef,
  GEO_FILE_LAYERS,
  GEO_LAYER_SHAPES,
  type GeoFileLayer,
  landmarksResource,
  locationContainersResource,
  locationsResource,
  type ResourceDef,
  restrictedAreasResource,
  seasonalDestinationsResource,
  sectorsResource,
  stationsResource,
} from '@taxi/shared';

const DEFS: Record<GeoFileLayer, ResourceDef> = {
  sectors: sectorsResource,
  restricted_areas: restrictedAreasResource,
  blacklist_locations: blacklistLocationsResource,
  stations: stationsResource,
  landmarks: landmarksResource,
  locations: locationsResource,
  seasonal_destinations: seasonalDestinationsResource,
  area_clusters: areaClustersResource,
  location_containers: locationContainersResource,
};

/**
 * How a layer's rows are written: the drawn layers' shapes, an area cluster's outline (its sectors'; a drawn
 * one takes the sectors it covers, so sector_ids may be left out), a container's points (read only).
 */
type Shape = 'polygon' | 'point' | 'either' | 'cluster' | 'members';
const SHAPES: Record<GeoFileLayer, Shape> = {
  ...GEO_LAYER_SHAPES,
  area_clusters: 'cluster',
  location_containers: 'members',
};

/** Each layer's catalogue (its fields are the features' properties) and how its rows are drawn. */
export const LAYER_DEFS = Object.fromEntries(
  GEO_FILE_LAYERS.map((layer) => [layer, { def: DEFS[layer], shape: SHAPES[layer] }]),
) as Record<GeoFileLayer, { def: ResourceDef; shape: Shape }>;

type JsonSchema = Record<string, unknown>;

const position: JsonSchema = {
  type: 'array',
  minItems: 2,
  maxItems: 3,
  items: [
    { type: 'number', minimum: -180, maximum: 180, description: 'Longitude' },
    { type: 'number', minimum: -90, maximum: 90, description: 'Latitude' },
  ],
};
const ring: JsonSchema = { type: 'array', minItems: 4, items: position };
const polygonCoordinates: JsonSchema = { type: 'array', minItems: 1, items: ring };

const GEOMETRIES = {
  point: {
    type: 'object',
    required: ['type', 'coordinates'],
    properties: { type: { const: 'Point' }, coordinates: position },
  },
  polygon: {
    type: 'object',
    required: ['type', 'coordinates'],
    properties: { type: { const: 'Polygon' }, coordinates: polygonCoordinates },
  },
  multiPolygon: {
    type: 'object',
    required: ['type', 'coordinates'],
    properties: {
      type: { const: 'MultiPolygon' },
      coordinates: { type: 'array', minItems: 1, items: polygonCoordinates },
    },
  },
} satisfies Record<string, JsonSchema>;

function geometrySchema(shape: Shape): JsonSchema {
  if (shape === 'point') return GEOMETRIES.point;
  if (shape === 'members')
    return {
      type: 'object',
      description: 'The points of its locations (read only: a location names its container)',
      properties: { type: { const: 'MultiPoint' } },
    };
  // A cluster's exported outline is a MultiPolygon of its sectors, possibly of none.
  if (shape === 'cluster')
    return {
      oneOf: [
        GEOMETRIES.polygon,
        {
          ...GEOMETRIES.multiPolygon,
          properties: {
            ...GEOMETRIES.multiPolygon.properties,
            coordinates: { type: 'array', items: polygonCoordinates },
          },
        },
      ],
    };
  const outlines = [GEOMETRIES.polygon, GEOMETRIES.multiPolygon];
  return { oneOf: shape === 'either' ? [GEOMETRIES.point, ...outlines] : outlines };
}

/** Fields the geometry carries: never among the properties. */
const FROM_GEOMETRY = new Set(['geometry', 'lat', 'lon']);

function fieldSchema(field: FieldDef): JsonSchema {
  const description = field.helper ? `${field.label}: ${field.helper}` : field.label;
  const nullable = !field.required;
  const typed = (type: string, extra: JsonSchema = {}): JsonSchema => ({
    type: nullable ? [type, 'null'] : type,
    description,
    ...extra,
  });
  switch (field.type) {
    case 'number':
      return typed('number', {
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
      });
    case 'boolean':
      return typed('boolean');
    case 'reference':
      return typed('integer');
    case 'multireference':
      return typed('array', { items: { type: 'integer' } });
    case 'select':
      return {
        description,
        enum: [...(field.options ?? []).map((o) => o.value), ...(nullable ? [null] : [])],
      };
    default:
      return typed('string', {
        ...(field.required ? { minLength: 1 } : {}),
        ...(field.max !== undefined ? { maxLength: field.max } : {}),
      });
  }
}

/**
 * A JSON schema (draft-07) of the layer's FeatureCollection: the
 * geometry the layer takes and its properties, the required ones required. The server's own validation
 * (self-crossing rings, overlapping sectors, unique names) still decides at save.
 */
export function layerJsonSchema(layer: GeoFileLayer): JsonSchema {
  const { def, shape } = LAYER_DEFS[layer];
  const optional = (f: FieldDef) => shape === 'cluster' && f.name === 'sector_ids';
  const fields = def.fields.filter((f) => !FROM_GEOMETRY.has(f.name) && f.form !== 'none');
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: def.title,
    type: 'object',
    required: ['type', 'features'],
    properties: {
      type: { const: 'FeatureCollection' },
      features: {
        type: 'array',
        items: {
          type: 'object',
          required: ['type', 'geometry', 'properties'],
          properties: {
            type: { const: 'Feature' },
            id: { type: 'integer', minimum: 1, description: 'The row it updates; leave it out to create one' },
            geometry: geometrySchema(shape),
            properties: {
              type: 'object',
              required: fields.filter((f) => f.required && f.default === undefined && !optional(f)).map((f) => f.name),
              properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
            },
          },
        },
      },
    },
  };
}
