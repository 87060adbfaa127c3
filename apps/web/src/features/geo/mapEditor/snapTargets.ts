import type { Geometry, Position } from 'geojson';

export interface ScreenPoint {
  x: number;
  y: number;
}

/** How near the pointer (pixels) a neighbour's vertex must be to be snapped to. */
export const SNAP_DISTANCE_PX = 12;

/** Every vertex of a geometry (a ring's closing position, equal to its first, once). */
export function verticesOf(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
      return geometry.coordinates.flat();
    case 'Polygon':
      return geometry.coordinates.flatMap((ring) => ring.slice(0, -1));
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((rings) => rings.flatMap((ring) => ring.slice(0, -1)));
    default:
      return geometry.geometries.flatMap(verticesOf);
  }
}

/** The vertices a feature being edited may snap to: those of every other feature shown. */
export function snapCandidates(features: readonly { id: string; geometry: Geometry }[], exclude?: string): Position[] {
  return features.filter((f) => f.id !== exclude).flatMap((f) => verticesOf(f.geometry));
}

/**
 * The candidate vertex nearest the pointer on screen, if one lies within `maxPx` pixels: the drawn or dragged
 * vertex lands exactly on the neighbour's, so shared borders stay shared.
 */
export function nearestVertex(
  pointer: ScreenPoint,
  candidates: readonly Position[],
  project: (lng: number, lat: number) => ScreenPoint,
  maxPx = SNAP_DISTANCE_PX,
): Position | undefined {
  let best: Position | undefined;
  let bestDistance = maxPx;
  for (const candidate of candidates) {
    const p = project(candidate[0], candidate[1]);
    const distance = Math.hypot(p.x - pointer.x, p.y - pointer.y);
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Degrees around the pointer a street segment's ends must come within to be looked at (about 300 m). */
const STREET_WINDOW_DEG = 0.003;

/**
 * The point of a street nearest the pointer on screen, if one lies within `maxPx` pixels: a border drawn
 * along a street follows it. Only segments near the pointer (`at`, in degrees) are projected.
 */
export function nearestOnStreets(
  pointer: ScreenPoint,
  at: { lng: number; lat: number },
  streets: readonly (readonly Position[])[],
  project: (lng: number, lat: number) => ScreenPoint,
  maxPx = SNAP_DISTANCE_PX,
): Position | undefined {
  const near = (p: Position) =>
    Math.abs(p[0] - at.lng) <= STREET_WINDOW_DEG && Math.abs(p[1] - at.lat) <= STREET_WINDOW_DEG;
  let best: Position | undefined;
  let bestDistance = maxPx;
  for (const line of streets) {
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1];
      const b = line[i];
      if (!near(a) && !near(b)) continue;
      const pa = project(a[0], a[1]);
      const pb = project(b[0], b[1]);
      const dx = pb.x - pa.x;
      const dy = pb.y - pa.y;
      const length2 = dx * dx + dy * dy;
      const t =
        length2 === 0 ? 0 : Math.max(0, Math.min(1, ((pointer.x - pa.x) * dx + (pointer.y - pa.y) * dy) / length2));
      const distance = Math.hypot(pa.x + t * dx - pointer.x, pa.y + t * dy - pointer.y);
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
      }
    }
  }
  return best;
}
