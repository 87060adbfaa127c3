import { captainMoved, captainNotMoving, ON_THE_WAY_STATUSES, PICKUP_GEOFENCE_M } from '@taxi/shared';
import { haversine } from '@taxi/shared/geo';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, rides } from '../../db/schema';
import type { AppBus } from '../../events';
import { type Clock, dateOf } from '../../lib/clock';
import type { LocationService } from '../tracking/service';
import { audit } from './store';

/** The check's columns as a dispatch (or a re-dispatch) leaves them: it starts anew with the next ride. */
export const NO_MOVE_CHECK = {
  moveCheckLon: null,
  moveCheckLat: null,
  moveCheckAt: null,
  movedAfterDispatch: false,
  notMovingAt: null,
} as const;

export interface NotMovingDeps {
  db: Db;
  clock: Clock;
  bus: AppBus;
  locations: Pick<LocationService, 'index'>;
}

type Watched = Awaited<ReturnType<typeof watched>>[number];

/** Bookings whose captain is on the way and has not moved far enough yet, with that captain. */
function watched(db: Db) {
  return db
    .select({
      id: bookings.id,
      rideId: bookings.rideId,
      captainId: rides.captainId,
      lon: bookings.moveCheckLon,
      lat: bookings.moveCheckLat,
      at: bookings.moveCheckAt,
      notMovingAt: bookings.notMovingAt,
      pickup: { lon: bookings.pickUpLon, lat: bookings.pickUpLat },
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(inArray(bookings.status, [...ON_THE_WAY_STATUSES]), eq(bookings.movedAfterDispatch, false)));
}

/**
 * One pass of the not-moving check (NOT_MOVING) over the rides on their way, from the captains' live
 * positions: the first position seen after the dispatch starts the check; moving far enough from it ends
 * the check (and a standing warning); staying put past the time raises the warning on the card. A captain
 * without a live position is left alone. Each write is a compare-and-set on the ride, so any node may sweep.
 */
export async function sweepNotMoving(deps: NotMovingDeps): Promise<void> {
  for (const row of await watched(deps.db)) {
    const live = await deps.locations.index.get(row.captainId);
    if (live) await checkOne(deps, row, live);
  }
}

async function checkOne(deps: NotMovingDeps, row: Watched, live: { lon: number; lat: number }): Promise<void> {
  const now = dateOf(deps.clock);
  const sameRide = and(
    eq(bookings.id, row.id),
    eq(bookings.rideId, row.rideId ?? -1),
    inArray(bookings.status, [...ON_THE_WAY_STATUSES]),
  );
  if (row.at === null || row.lon === null || row.lat === null) {
    await deps.db
      .update(bookings)
      .set({ moveCheckLon: live.lon, moveCheckLat: live.lat, moveCheckAt: now })
      .where(and(sameRide, isNull(bookings.moveCheckAt)));
    return;
  }
  const start = { lon: row.lon, lat: row.lat, at: row.at.getTime() };
  if (captainMoved(start, live)) {
    await deps.bus.transact(async (tx, record) => {
      const [done] = await tx
        .update(bookings)
        .set({ movedAfterDispatch: true, notMovingAt: null, ...(row.notMovingAt ? { updatedAt: now } : {}) })
        .where(and(sameRide, eq(bookings.movedAfterDispatch, false)))
        .returning({ id: bookings.id });
      if (done && row.notMovingAt) record('booking.updated', { bookingId: row.id });
    });
    return;
  }
  if (row.notMovingAt || !captainNotMoving(start, live, now.getTime())) return;
  // Already waiting at the pickup (dispatched from next to it): nothing to warn about.
  if (haversine([live.lon, live.lat], [row.pickup.lon, row.pickup.lat]) <= PICKUP_GEOFENCE_M) return;
  await deps.bus.transact(async (tx, record) => {
    const [raised] = await tx
      .update(bookings)
      .set({ notMovingAt: now, updatedAt: now })
      .where(and(sameRide, eq(bookings.movedAfterDispatch, false), isNull(bookings.notMovingAt)))
      .returning({ id: bookings.id });
    if (!raised) return;
    await audit(tx, null, 'not_moving', row.id, null, {
      captain_id: row.captainId,
      ride_id: row.rideId,
      check_started_at: new Date(start.at).toISOString(),
    });
    record('booking.updated', { bookingId: row.id });
  });
}
