import { PROTECTED_ROUTES, type RouteMeta } from '@taxi/shared';
import { matchPath } from 'react-router';

/** The protected route a pathname belongs to, if any. */
export function matchProtectedRoute(pathname: string): RouteMeta | undefined {
  let best: RouteMeta | undefined;
  for (const route of PROTECTED_ROUTES) {
    if (!matchPath({ path: route.path, end: true }, pathname)) continue;
    // A static path beats a parameter path (/hotels/create before /hotels/:id).
    if (!best || (best.path.includes(':') && !route.path.includes(':'))) best = route;
  }
  return best;
}
