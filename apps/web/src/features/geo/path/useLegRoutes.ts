import { useQueries } from '@tanstack/react-query';
import { apiData, endpoints } from '../../../api/endpoints';
import { legsOf, lonLat, type PathPoint } from './pathPoints';

export interface PathRoute {
  loading: boolean;
  error: unknown;
  metres: number;
  seconds: number;
  coordinates: [number, number][];
  /** Legs (numbered from 1) that no street joins: a straight line is drawn for them. */
  straightLegs: number[];
}

/** The street route through the points, asked leg by leg (GET city/route takes two points) and joined. */
export function useLegRoutes(points: readonly PathPoint[]): PathRoute {
  const legs = legsOf(points);
  const results = useQueries({
    queries: legs.map(([a, b]) => ({
      queryKey: ['city', 'route', lonLat(a), lonLat(b)],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiData(endpoints.cityRoute, { query: { from: lonLat(a), to: lonLat(b) }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
  });
  const route: PathRoute = { loading: false, error: null, metres: 0, seconds: 0, coordinates: [], straightLegs: [] };
  results.forEach((r, i) => {
    if (r.isPending) route.loading = true;
    if (r.error) route.error ??= r.error;
    if (!r.data) return;
    route.metres += r.data.metres;
    route.seconds += r.data.seconds;
    if (r.data.kind === 'straight') route.straightLegs.push(i + 1);
    route.coordinates.push(...r.data.route.map((p): [number, number] => [p.lng, p.lat]));
  });
  return route;
}
