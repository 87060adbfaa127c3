import { FLEET_MSG } from '@taxi/shared';
import { validationError } from '../../http/errors';
import type { CityService } from '../city/service';
import type { FleetRules } from './rules';

/** 422 on `pickup` when the service has zones (/services/{id}/locations) and the pickup lies in none of them. */
export async function checkPickupArea(
  deps: { city: CityService; fleet?: FleetRules },
  service: { id: number; name: string },
  pickup: { lon: number; lat: number },
): Promise<void> {
  if (!deps.fleet) return;
  const inside = await deps.fleet.runsAt(service.id, [pickup.lon, pickup.lat], (p) => deps.city.sectorOf(p, 0));
  if (!inside) throw validationError('pickup', FLEET_MSG.outsideArea(service.name));
}
