import { GEO_MSG, type GeoLayer } from '@taxi/shared';
import type { PolygonGeometry } from '@taxi/shared/geo';
import { overlaps, parsePolygon } from '@taxi/shared/geo-validate';
import type { Geometry } from 'geojson';

export interface Checked {
  id: string;
  geometry: Geometry;
  name: string;
}

/**
 * What the server would refuse in a feature's geometry, with the same shared rules (geo-validate.ts): an
 * outline's rings and self-intersection, a point's range, and for sectors an overlap with another sector.
 */
export function geometryProblems(layer: GeoLayer, feature: Checked, others: readonly Checked[]): string[] {
  const g = feature.geometry;
  if (g.type === 'Point') {
    const [lon, lat] = g.coordinates;
    return Math.abs(lon) > 180 || Math.abs(lat) > 90 ? [GEO_MSG.outOfRange] : [];
  }
  const parsed = parsePolygon(g);
  if ('error' in parsed) return [parsed.error];
  if (layer !== 'sectors') return [];
  const problems: string[] = [];
  for (const other of others) {
    if (other.id === feature.id || (other.geometry.type !== 'Polygon' && other.geometry.type !== 'MultiPolygon'))
      continue;
    if (overlaps(parsed.geometry, other.geometry as PolygonGeometry)) problems.push(GEO_MSG.overlaps(other.name));
  }
  return problems;
}
