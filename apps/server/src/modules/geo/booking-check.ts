import { BOOKING_POINT_ROLES } from '@taxi/shared';
import { validationError } from '../../http/errors';
import type { GeoService } from './service';

interface Point {
  lon: number;
  lat: number;
}

/**
 * The map layers' rule for an order: a pickup or dropoff a restricted area or a 'refuse' blacklist location
 * holds is a 422 on `pickup`/`dropoff` naming it; 'flag' locations let it through for review. Returns the
 * flagged locations' names (null when none).
 */
export function checkOrderPlaces(
  geo: GeoService | undefined,
  serviceId: number,
  places: { pickup: Point; dropoff?: Point | null },
  atMs: number,
): string | null {
  if (!geo) return null;
  const flagged: string[] = [];
  for (const role of BOOKING_POINT_ROLES) {
    const p = places[role];
    if (!p) continue;
    const result = geo.check([p.lon, p.lat], role, serviceId, atMs);
    const refusal = result.refusals[0];
    if (refusal) throw validationError(role, refusal.message);
    for (const f of result.flags) if (!flagged.includes(f.name)) flagged.push(f.name);
  }
  return flagged.length ? flagged.join(', ') : null;
}
