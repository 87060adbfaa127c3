import turfBuffer from '@turf/buffer';
import turfDifference from '@turf/difference';
import turfUnion from '@turf/union';
import type { Feature, FeatureCollection, Geometry, LineString, MultiPolygon, Polygon, Position } from 'geojson';

export type Outline = Polygon | MultiPolygon;

const turfFeature = <G extends Geometry>(geometry: G): Feature<G> => ({ type: 'Feature', geometry, properties: {} });
const featureCollection = <G extends Geometry>(features: Feature<G>[]): FeatureCollection<G> => ({
  type: 'FeatureCollection',
  features,
});

/** The gap a split leaves between its parts (metres): the cut line is widened by half of it on each side. */
export const SPLIT_GAP_M = 0.5;

/** Two outlines as one (their union): a Polygon when they touch or overlap, else a MultiPolygon. */
export function mergeOutlines(a: Outline, b: Outline): Outline | null {
  const merged = turfUnion(featureCollection([turfFeature(a), turfFeature(b)]));
  return merged ? (merged.geometry as Outline) : null;
}

/**
 * A polygon cut along a line: the line widened by `gap` metres is taken out of it, and the pieces left are
 * the parts. Fewer than two parts means the line does not cross the polygon from side to side.
 */
export function splitPolygon(polygon: Polygon, line: LineString, gap = SPLIT_GAP_M): Polygon[] {
  if (line.coordinates.length < 2) return [polygon];
  const cut = turfBuffer(turfFeature(line), gap / 2, { units: 'meters', steps: 4 });
  if (!cut) return [polygon];
  const rest = turfDifference(featureCollection([turfFeature(polygon), cut]));
  if (!rest) return [];
  const g = rest.geometry;
  if (g.type === 'Polygon') return [g];
  return g.coordinates.map((coordinates): Polygon => ({ type: 'Polygon', coordinates }));
}

/** The parts largest first (the split feature keeps the largest; the others become new features). */
export function largestFirst(parts: Polygon[]): Polygon[] {
  const size = (p: Polygon) => ringArea(p.coordinates[0] ?? []);
  return [...parts].sort((x, y) => size(y) - size(x));
}

/** A ring's planar area in square degrees (enough to order parts of one polygon). */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return Math.abs(sum) / 2;
}

/**
 * The outline without one corner of its outer ring (the closing position follows the first); null when it
 * would keep fewer than three corners.
 */
export function withoutVertex(polygon: Polygon, index: number): Polygon | null {
  const corners = (polygon.coordinates[0] ?? []).slice(0, -1);
  if (corners.length <= 3 || index < 0 || index >= corners.length) return null;
  const kept = corners.filter((_, i) => i !== index);
  return { type: 'Polygon', coordinates: [[...kept, kept[0]], ...polygon.coordinates.slice(1)] };
}
