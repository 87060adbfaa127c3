import {
  type FeatureCollectionDto,
  GEO_LAYER_SHAPES,
  GEO_LAYERS,
  GEO_MSG,
  type GeoLayer,
  type ResourceRow,
  resourceSchemas,
} from '@taxi/shared';
import { HttpError } from '../../http/errors';
import type { ResourceService, Values } from '../resources/service';

const SHAPES = GEO_LAYER_SHAPES;

export const isGeoLayer = (v: string): v is GeoLayer => (GEO_LAYERS as readonly string[]).includes(v);

/** A catalogue row as a GeoJSON feature: its outline or its point, every other field in properties. */
function toFeature(layer: GeoLayer, row: ResourceRow): FeatureCollectionDto['features'][number] {
  const { id, geometry, lat, lon, ...rest } = row;
  const outline = typeof geometry === 'string' && geometry ? JSON.parse(geometry) : null;
  if (outline && SHAPES[layer] !== 'point') return { type: 'Feature', id, geometry: outline, properties: rest };
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [lon as number, lat as number] },
    properties: rest,
  };
}

export async function exportLayer(layer: GeoLayer, service: ResourceService): Promise<FeatureCollectionDto> {
  const rows = await service.all({ descending: false });
  return { type: 'FeatureCollection', features: rows.map((r) => toFeature(layer, r)) };
}

const idOf = (feature: FeatureCollectionDto['features'][number]): number | undefined => {
  const id = feature.id ?? feature.properties.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * Creates or updates a layer's rows from a FeatureCollection (a feature with the id of a row updates it),
 * with the catalogue's validation, all or nothing: 422 listing `features.{i}.{field}` errors. With
 * `replace`, the collection is the whole layer: the rows it leaves out are deleted (audited) in the same
 * transaction.
 */
export async function importLayer(
  layer: GeoLayer,
  service: ResourceService,
  collection: FeatureCollectionDto,
  actor: Parameters<ResourceService['create']>[1],
  replace = false,
): Promise<{ created: number; updated: number; deleted: number }> {
  const schema = resourceSchemas(service.def).create;
  const errors: Record<string, string[]> = {};
  const items: { id?: number; input: Values }[] = [];
  for (const [index, feature] of collection.features.entries()) {
    const { id: _id, ...properties } = feature.properties;
    const raw: Values = { ...properties };
    const g = feature.geometry as { type: string; coordinates?: unknown };
    const shape = SHAPES[layer];
    if (g.type === 'Point' && shape !== 'polygon' && Array.isArray(g.coordinates)) {
      [raw.lon, raw.lat] = g.coordinates as unknown[];
      if (shape === 'either') raw.geometry = null;
    } else if (shape !== 'point') raw.geometry = JSON.stringify(g);
    else {
      errors[`features.${index}.geometry`] = [GEO_MSG.notGeometry];
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors[`features.${index}.${issue.path.join('.') || 'properties'}`] = [issue.message];
      continue;
    }
    items.push({ id: idOf(feature), input: parsed.data as Values });
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, GEO_MSG.featureErrors, errors);
  return service.saveMany(items, actor, { key: 'features', message: GEO_MSG.featureErrors, deleteOthers: replace });
}
