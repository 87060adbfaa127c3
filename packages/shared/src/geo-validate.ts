import turfArea from '@turf/area';
import { featureCollection, multiPolygon, polygon } from '@turf/helpers';
import turfIntersect from '@turf/intersect';
import turfKinks from '@turf/kinks';
import type { LonLat, PolygonGeometry } from './geo';
import { GEO_MSG } from './geo-rules';

/** Two sectors may touch along a shared border: only an overlap larger than this (m²) is refused. */
export const SECTOR_OVERLAP_TOLERANCE_M2 = 50;

const isPosition = (v: unknown): v is LonLat =>
  Array.isArray(v) && v.length >= 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

function ringProblem(ring: unknown): string | null {
  if (!Array.isArray(ring) || !ring.every(isPosition)) return GEO_MSG.notGeometry;
  if (ring.length < 4) return GEO_MSG.ringTooShort;
  for (const [lon, lat] of ring)
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90)
      return GEO_MSG.outOfRange;
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) return GEO_MSG.ringNotClosed;
  return null;
}

function polygonProblem(rings: unknown): string | null {
  if (!Array.isArray(rings) || rings.length === 0) return GEO_MSG.notGeometry;
  for (const ring of rings) {
    const problem = ringProblem(ring);
    if (problem) return problem;
  }
  return null;
}

/** Accepts a geometry, a Feature holding one, or their JSON text. */
function unwrap(value: unknown): unknown {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Feature')
    return (v as { geometry?: unknown }).geometry;
  return v;
}

/**
 * A zone's outline checked: a GeoJSON Polygon or MultiPolygon (or a Feature of one, or its JSON text) whose
 * rings have 4 positions or more, are closed, lie in range and do not cross themselves (turf kinks).
 */
export function parsePolygon(value: unknown): { geometry: PolygonGeometry } | { error: string } {
  if (typeof value === 'string' && unwrap(value) === undefined) return { error: GEO_MSG.notJson };
  const g = unwrap(value) as { type?: unknown; coordinates?: unknown } | null | undefined;
  if (!g || typeof g !== 'object') return { error: GEO_MSG.notGeometry };
  let problem: string | null;
  if (g.type === 'Polygon') problem = polygonProblem(g.coordinates);
  else if (g.type === 'MultiPolygon') {
    problem =
      Array.isArray(g.coordinates) && g.coordinates.length > 0
        ? (g.coordinates.map(polygonProblem).find((p) => p !== null) ?? null)
        : GEO_MSG.notGeometry;
  } else problem = GEO_MSG.notGeometry;
  if (problem) return { error: problem };
  const geometry = { type: g.type, coordinates: g.coordinates } as PolygonGeometry;
  if (selfIntersects(geometry)) return { error: GEO_MSG.selfIntersects };
  return { geometry };
}

/** Whether an outline crosses itself (a bow tie, a ring crossing a hole). */
export function selfIntersects(geometry: PolygonGeometry): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some((rings) => turfKinks(polygon(rings)).features.length > 0);
}

/** Any outline as a MultiPolygon feature (turf's intersect takes one geometry type per collection). */
const asFeature = (g: PolygonGeometry) => multiPolygon(g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

/** The area two outlines share, in m² (0 when they only touch). */
export function overlapArea(a: PolygonGeometry, b: PolygonGeometry): number {
  const shared = turfIntersect(featureCollection([asFeature(a), asFeature(b)]));
  return shared ? turfArea(shared) : 0;
}

/** Whether two outlines overlap by more than a shared border's rounding. */
export function overlaps(a: PolygonGeometry, b: PolygonGeometry): boolean {
  return overlapArea(a, b) > SECTOR_OVERLAP_TOLERANCE_M2;
}

/** An outline's area in m². */
export const areaOf = (g: PolygonGeometry): number => turfArea(asFeature(g));

/**
 * The sectors an outline covers: those with more than half their area inside it (an area cluster drawn
 * around some sectors in a GIS tool takes them, not the neighbours its edge grazes).
 */
export function sectorsCoveredBy<S extends { geometry: PolygonGeometry }>(
  outline: PolygonGeometry,
  sectors: readonly S[],
): S[] {
  return sectors.filter((s) => {
    const area = areaOf(s.geometry);
    return area > 0 && overlapArea(outline, s.geometry) > area / 2;
  });
}
