import type { FeatureCollection } from 'geojson';

const isPosition = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length >= 2 && Number.isFinite(v[0]) && Number.isFinite(v[1]);
const isRing = (v: unknown) => Array.isArray(v) && v.length >= 4 && v.every(isPosition);
const isPolygon = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isRing);

/** Whether a geometry can be drawn (the map's worker would choke on a malformed one). */
export function drawable(geometry: unknown): boolean {
  if (!geometry || typeof geometry !== 'object') return false;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type === 'Point') return isPosition(coordinates);
  // A location container's points (one with no location has nothing to draw).
  if (type === 'MultiPoint')
    return Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isPosition);
  if (type === 'Polygon') return isPolygon(coordinates);
  if (type === 'MultiPolygon')
    return Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isPolygon);
  return false;
}

export type Preview =
  | { ok: true; collection: FeatureCollection; skipped: number }
  | { ok: false; reason: 'json' | 'shape' };

/**
 * The editor's text as what the preview map draws: the features whose geometry is drawable (their index
 * kept in `properties.__index`), or why nothing can be drawn (not JSON, not a FeatureCollection).
 */
export function previewOf(text: string): Preview {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  const features = (value as { type?: unknown; features?: unknown } | null)?.features;
  if ((value as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features))
    return { ok: false, reason: 'shape' };
  const drawn: FeatureCollection['features'] = [];
  features.forEach((f: { geometry?: unknown; properties?: unknown } | null, index) => {
    if (!f || !drawable(f.geometry)) return;
    const properties = f.properties && typeof f.properties === 'object' ? f.properties : {};
    const name = (properties as { name?: unknown }).name;
    drawn.push({
      type: 'Feature',
      geometry: f.geometry as FeatureCollection['features'][number]['geometry'],
      properties: { __index: index, name: typeof name === 'string' ? name : '' },
    });
  });
  return {
    ok: true,
    collection: { type: 'FeatureCollection', features: drawn },
    skipped: features.length - drawn.length,
  };
}

/** Every position of a collection (to frame it on the map). */
export function positionsOf(collection: FeatureCollection): [number, number][] {
  const out: [number, number][] = [];
  const walk = (v: unknown) => {
    if (isPosition(v)) out.push([v[0], v[1]]);
    else if (Array.isArray(v)) for (const x of v) walk(x);
  };
  for (const f of collection.features) walk((f.geometry as { coordinates?: unknown }).coordinates);
  return out;
}

type IdentifiedFeature = { id?: unknown; properties?: { id?: unknown; name?: unknown } | null } | null;
const featureId = (f: IdentifiedFeature): number | null => {
  const id = f?.id ?? f?.properties?.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The saved features (by id, as the server matches them) that an edited collection no longer holds: a save
 * of the whole layer deletes them. Their names (or "#id"), in the loaded order.
 */
export function removedFeatures(baseText: string, edited: { features?: readonly IdentifiedFeature[] }): string[] {
  let base: { features?: IdentifiedFeature[] };
  try {
    base = JSON.parse(baseText);
  } catch {
    return [];
  }
  const kept = new Set((edited.features ?? []).map(featureId));
  return (base.features ?? []).flatMap((f) => {
    const id = featureId(f);
    if (id === null || kept.has(id)) return [];
    const name = f?.properties?.name;
    return [typeof name === 'string' && name ? name : `#${id}`];
  });
}
