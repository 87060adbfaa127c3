/** A point of the drawn path: where the map was clicked or the place that was picked. */
export interface PathPoint {
  key: number;
  lon: number;
  lat: number;
  /** The picked place's name; none for a clicked point. */
  name?: string;
}

/** The route API's `lon,lat` (6 decimals: about 10 cm, and never an exponent). */
export const lonLat = (p: Pick<PathPoint, 'lon' | 'lat'>) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;

/** Consecutive pairs: the legs asked one by one (the route API takes two points). */
export function legsOf<T>(points: readonly T[]): [T, T][] {
  return points.slice(1).map((p, i) => [points[i], p]);
}
