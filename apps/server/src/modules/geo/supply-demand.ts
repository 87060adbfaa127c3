import { SUPPLY_DEMAND_HORIZON_MS, type SupplyDemandDto, supplyDemandCounts } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import type { PositionIndex } from '../../dispatch/spatial-index';
import type { Clock } from '../../lib/clock';
import type { LiveMeta } from '../tracking/service';
import type { GeoService } from './service';

export interface SupplyDemandDeps {
  db: Db;
  clock: Clock;
  geo: Pick<GeoService, 'sectorAt' | 'sectorList'>;
  positions: Pick<PositionIndex<LiveMeta>, 'all'>;
}

/**
 * GET geo/supply-demand: per sector, the waiting bookings (pending, no ride yet, picking up within the
 * horizon) against the free captains standing there (online, live state FREE).
 */
export async function supplyDemand(deps: SupplyDemandDeps): Promise<SupplyDemandDto> {
  const now = deps.clock.now();
  const [waiting, live] = await Promise.all([
    deps.db
      .select({ lon: bookings.pickUpLon, lat: bookings.pickUpLat })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          isNull(bookings.rideId),
          lte(bookings.datetime, new Date(now + SUPPLY_DEMAND_HORIZON_MS)),
        ),
      ),
    deps.positions.all(),
  ]);
  const pickups: LonLat[] = waiting.map((b) => [b.lon, b.lat]);
  const free: LonLat[] = live.filter((p) => p.meta.state === 'FREE').map((p) => [p.lon, p.lat]);
  const counts = supplyDemandCounts(pickups, free, deps.geo.sectorList(), (p) => deps.geo.sectorAt(p)?.id ?? null);
  return { at: new Date(now).toISOString(), ...counts };
}
