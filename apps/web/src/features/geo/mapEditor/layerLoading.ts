import type { FeatureCollectionDto } from '@taxi/shared';
import type { Feature, Geometry } from 'geojson';
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw';
import { drawable } from '../editor/previewData';
import { type EditSession, type LoadedFeature, rowKey } from './editSession';

/** The drawing edits points and single outlines without holes; other features are only shown. */
const editable = (g: Geometry) => g.type === 'Point' || (g.type === 'Polygon' && g.coordinates.length === 1);

/** The drawing keeps 9 decimals (about a millimetre): longer coordinates are rounded on the way in. */
export const COORDINATE_PRECISION = 9;

/** A coordinate at the drawing's precision (terra-draw refuses longer ones). */
export const roundCoordinate = (v: number) => Math.round(v * 10 ** COORDINATE_PRECISION) / 10 ** COORDINATE_PRECISION;

/** A MultiPolygon of one part is that part (OSM boundaries often come so): the drawing edits Polygons. */
export function simplified(geometry: Geometry): Geometry {
  return geometry.type === 'MultiPolygon' && geometry.coordinates.length === 1
    ? { type: 'Polygon', coordinates: geometry.coordinates[0] }
    : geometry;
}

/** A point or a simple outline with its coordinates rounded to the drawing's precision. */
export function rounded(geometry: Geometry): Geometry {
  if (geometry.type === 'Point') return { type: 'Point', coordinates: geometry.coordinates.map(roundCoordinate) };
  if (geometry.type === 'Polygon')
    return {
      type: 'Polygon',
      coordinates: geometry.coordinates.map((ring) => ring.map((p) => p.map(roundCoordinate))),
    };
  return geometry;
}

/** A layer's features drawable on the map (the server's ids kept in `id`). */
export function shownFeatures(collection: FeatureCollectionDto | undefined): Feature[] {
  if (!collection) return [];
  return collection.features
    .filter((f) => drawable(f.geometry))
    .map((f) => ({
      type: 'Feature',
      id: f.id,
      geometry: f.geometry as unknown as Geometry,
      properties: { name: typeof f.properties.name === 'string' ? f.properties.name : '' },
    }));
}

/**
 * Puts a layer's rows into the drawing and the session (their undo history cleared). Returns the features
 * left out (several parts, holes, or refused by the drawing): the page shows them without editing.
 */
export function loadLayer(draw: TerraDraw, session: EditSession, collection: FeatureCollectionDto): Feature[] {
  draw.clear();
  const candidates: LoadedFeature[] = [];
  const left: Feature[] = [];
  for (const f of collection.features) {
    if (!drawable(f.geometry)) continue;
    const geometry = simplified(f.geometry as unknown as Geometry);
    if (typeof f.id === 'number' && editable(geometry))
      candidates.push({ rowId: f.id, properties: f.properties, geometry: rounded(geometry) });
    else left.push({ type: 'Feature', id: f.id, geometry, properties: { name: f.properties.name ?? '' } });
  }
  const results = draw.addFeatures(
    candidates.map(
      (c) =>
        ({
          id: rowKey(c.rowId),
          type: 'Feature',
          geometry: c.geometry,
          properties: { mode: c.geometry.type === 'Point' ? 'point' : 'polygon' },
        }) as GeoJSONStoreFeatures,
    ),
  );
  const loaded = candidates.filter((c, i) => {
    if (results[i]?.valid) return true;
    left.push({ type: 'Feature', id: c.rowId, geometry: c.geometry, properties: { name: c.properties.name ?? '' } });
    return false;
  });
  session.load(loaded);
  return left;
}

/** What a feature's geometry is sent as: an outline's GeoJSON text, or a point's latitude and longitude. */
export function geometryValues(geometry: Geometry): Record<string, string> {
  if (geometry.type === 'Point') {
    const [lon, lat] = geometry.coordinates;
    return { lat: String(lat), lon: String(lon) };
  }
  return { geometry: JSON.stringify(geometry) };
}
