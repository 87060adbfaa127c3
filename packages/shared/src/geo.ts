// Small geodesy helpers for the city module. Coordinates follow GeoJSON: [longitude, latitude] in degrees.

export type LonLat = [number, number];
/** [minLon, minLat, maxLon, maxLat] */
export type BBox = [number, number, number, number];

export type PolygonCoords = LonLat[][];
export type MultiPolygonCoords = LonLat[][][];
export type PolygonGeometry =
  | { type: 'Polygon'; coordinates: PolygonCoords }
  | { type: 'MultiPolygon'; coordinates: MultiPolygonCoords };

export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function haversine(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** Initial bearing from a to b in degrees, 0 = north, clockwise, in [0, 360). */
export function bearing(a: LonLat, b: LonLat): number {
  const φ1 = a[1] * RAD;
  const φ2 = b[1] * RAD;
  const Δλ = (b[0] - a[0]) * RAD;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
}

/** Length of a polyline in metres. */
export function lineLength(coords: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < coords.length; i++) total += haversine(coords[i - 1], coords[i]);
  return total;
}

/** Ray casting on one ring (closed or not). Points on the boundary may fall either way. */
export function pointInRing(p: LonLat, ring: readonly LonLat[]): boolean {
  const [x, y] = p;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A polygon is an outer ring followed by holes. */
export function pointInPolygonCoords(p: LonLat, polygon: readonly (readonly LonLat[])[]): boolean {
  if (polygon.length === 0 || !pointInRing(p, polygon[0])) return false;
  for (let h = 1; h < polygon.length; h++) if (pointInRing(p, polygon[h])) return false;
  return true;
}

export function pointInPolygon(p: LonLat, geometry: PolygonGeometry): boolean {
  if (geometry.type === 'Polygon') return pointInPolygonCoords(p, geometry.coordinates);
  return geometry.coordinates.some((poly) => pointInPolygonCoords(p, poly));
}

function eachPosition(geometry: PolygonGeometry | { type: 'LineString'; coordinates: LonLat[] }): LonLat[] {
  if (geometry.type === 'LineString') return geometry.coordinates;
  if (geometry.type === 'Polygon') return geometry.coordinates.flat();
  return geometry.coordinates.flat(2);
}

/** Bounding box of positions or of a geometry. */
export function bbox(input: readonly LonLat[] | PolygonGeometry): BBox {
  const points = Array.isArray(input) ? (input as readonly LonLat[]) : eachPosition(input as PolygonGeometry);
  let minLon = Number.POSITIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const [lon, lat] of points) {
    if (lon < minLon) minLon = lon;
    if (lat < minLat) minLat = lat;
    if (lon > maxLon) maxLon = lon;
    if (lat > maxLat) maxLat = lat;
  }
  return [minLon, minLat, maxLon, maxLat];
}

export function bboxContains(box: BBox, p: LonLat): boolean {
  return p[0] >= box[0] && p[0] <= box[2] && p[1] >= box[1] && p[1] <= box[3];
}

/** Area-weighted centroid of the largest polygon's outer ring (planar, fine at city scale). */
export function centroid(geometry: PolygonGeometry): LonLat {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: LonLat | null = null;
  let bestArea = -1;
  for (const poly of polygons) {
    const ring = poly[0];
    if (!ring || ring.length === 0) continue;
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      a += f;
      cx += (ring[j][0] + ring[i][0]) * f;
      cy += (ring[j][1] + ring[i][1]) * f;
    }
    const area = Math.abs(a / 2);
    let c: LonLat;
    if (area === 0) {
      const [x0, y0, x1, y1] = bbox(ring);
      c = [(x0 + x1) / 2, (y0 + y1) / 2];
    } else {
      c = [cx / (3 * a), cy / (3 * a)];
    }
    if (area > bestArea) {
      bestArea = area;
      best = c;
    }
  }
  if (!best) throw new Error('centroid of an empty geometry');
  return best;
}

/** Distance in metres from p to segment ab (equirectangular projection around p; fine below a few km). */
export function distanceToSegment(p: LonLat, a: LonLat, b: LonLat): number {
  const k = Math.cos(p[1] * RAD);
  const ax = (a[0] - p[0]) * k;
  const ay = a[1] - p[1];
  const bx = (b[0] - p[0]) * k;
  const by = b[1] - p[1];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  const x = ax + t * dx;
  const y = ay + t * dy;
  return Math.sqrt(x * x + y * y) * RAD * EARTH_RADIUS_M;
}

/** Distance in metres from p to a polygon's boundary, 0 when inside. */
export function distanceToPolygon(p: LonLat, geometry: PolygonGeometry): number {
  if (pointInPolygon(p, geometry)) return 0;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = Number.POSITIVE_INFINITY;
  for (const poly of polygons)
    for (const ring of poly)
      for (let i = 1; i < ring.length; i++) best = Math.min(best, distanceToSegment(p, ring[i - 1], ring[i]));
  return best;
}

/** Drawing classes of the offline base map's streets. */
export type BasemapStreetClass = 'major' | 'minor' | 'service';

/** GET /api/city/basemap: the city's streets and quarters, drawn under the map tiles. */
export interface BasemapFeatureCollection {
  type: 'FeatureCollection';
  features: (
    | { type: 'Feature'; properties: { kind: 'sector'; id: number; name: string }; geometry: PolygonGeometry }
    | {
        type: 'Feature';
        properties: { kind: 'street'; class: BasemapStreetClass; name: string | null };
        geometry: { type: 'LineString'; coordinates: LonLat[] };
      }
  )[];
}
