import {
  type FeatureCollectionDto,
  GEO_LAYER_SHAPES,
  GEO_MSG,
  type GeoFileLayer,
  type GeoLayer,
  isGeoGroupLayer,
  type ResourceRow,
  resourceSchemas,
} from '@taxi/shared';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { ResourceService, Values } from '../resources/service';
import { groupContext, groupFeatures, groupValues } from './group-layers';

const SHAPES = GEO_LAYER_SHAPES;

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

export async function exportLayer(
  layer: GeoFileLayer,
  service: ResourceService,
  db: DbOrTx,
): Promise<FeatureCollectionDto> {
  const rows = await service.all({ descending: false });
  const features = isGeoGroupLayer(layer) ? await groupFeatures(layer, rows, db) : rows.map((r) => toFeature(layer, r));
  return { type: 'FeatureCollection', features };
}

type Feature = FeatureCollectionDto['features'][number];

/** A drawn layer's feature as its catalogue's values: the point's lon/lat or the outline's geometry. */
function drawnValues(layer: GeoLayer, feature: Feature): { values: Values } | { error: string } {
  const { id: _id, ...properties } = feature.properties;
  const raw: Values = { ...properties };
  const g = feature.geometry as { type: string; coordinates?: unknown };
  const shape = SHAPES[layer];
  if (g.type === 'Point' && shape !== 'polygon' && Array.isArray(g.coordinates)) {
    [raw.lon, raw.lat] = g.coordinates as unknown[];
    if (shape === 'either') raw.geometry = null;
  } else if (shape !== 'point') raw.geometry = JSON.stringify(g);
  else return { error: GEO_MSG.notGeometry };
  return { values: raw };
}

const idOf = (feature: Feature): number | undefined => {
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
  layer: GeoFileLayer,
  service: ResourceService,
  collection: FeatureCollectionDto,
  actor: Parameters<ResourceService['create']>[1],
  db: DbOrTx,
  replace = false,
): Promise<{ created: number; updated: number; deleted: number }> {
  const schema = resourceSchemas(service.def).create;
  const context = isGeoGroupLayer(layer) ? await groupContext(layer, db) : null;
  const errors: Record<string, string[]> = {};
  const items: { id?: number; input: Values }[] = [];
  for (const [index, feature] of collection.features.entries()) {
    const read =
      isGeoGroupLayer(layer) && context
        ? groupValues(layer, feature, context)
        : drawnValues(layer as GeoLayer, feature);
    if ('error' in read) {
      errors[`features.${index}.geometry`] = [read.error];
      continue;
    }
    const parsed = schema.safeParse(read.values);
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
