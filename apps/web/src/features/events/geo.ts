import type { GeoJson } from '../../components/map/layers';

const EARTH_RADIUS_M = 6_371_000;
const STEPS = 48;

export interface EventCircle {
  id: number;
  name: string;
  lat: number;
  lon: number;
  radius_m: number;
}

/** The ring of points `radiusM` around (lat, lon) on the sphere (destination point formula), closed. */
export function circleRing(lat: number, lon: number, radiusM: number, steps = STEPS): [number, number][] {
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lon * Math.PI) / 180;
  const δ = radiusM / EARTH_RADIUS_M;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const θ = (2 * Math.PI * (i % steps)) / steps;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
    const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
    ring.push([(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI]);
  }
  return ring;
}

/** Each event as its radius' disc (polygon) and its centre (point), named by `name`. */
export function eventsToGeoJson(events: readonly EventCircle[]): GeoJson {
  return {
    type: 'FeatureCollection',
    features: events.flatMap((e) => [
      {
        type: 'Feature' as const,
        id: e.id * 2,
        geometry: { type: 'Polygon' as const, coordinates: [circleRing(e.lat, e.lon, e.radius_m)] },
        properties: { id: e.id, name: e.name },
      },
      {
        type: 'Feature' as const,
        id: e.id * 2 + 1,
        geometry: { type: 'Point' as const, coordinates: [e.lon, e.lat] },
        properties: { id: e.id, name: e.name },
      },
    ]),
  };
}
