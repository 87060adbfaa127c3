import {
  type BookingStatus,
  CAPTAIN_POSITION_FUTURE_SKEW_MS,
  CAPTAIN_POSITION_MAX_AGE_MS,
  type CaptainPositionInput,
  PICKUP_GEOFENCE_M,
  type PositionRefusal,
} from '@taxi/shared';
import { haversine } from '@taxi/shared/geo';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, rides } from '../../db/schema';
import { insideFence } from './queries';

/** Statuses in which the pickup geofence is watched: on the way once started, at the pickup, and driving off. */
const FENCED: readonly BookingStatus[] = ['STARTED', 'ARRIVED', 'PICKED_UP'];

export interface PositionsResult {
  reported: number;
  refused: { index: number; reason: PositionRefusal }[];
}

/**
 * A batch of fixes from the captain's phone, reported in time order. Per item: older than
 * CAPTAIN_POSITION_MAX_AGE_MS → refused `too_old`; more than CAPTAIN_POSITION_FUTURE_SKEW_MS ahead of the
 * server's clock → refused `in_future`, less → clamped to now (the phone's clock running fast); not after the
 * captain's last report on this node → refused `out_of_order` (a late batch must not move the car back). Then
 * the pickup geofence of the captain's ride is entered and left as the fixes cross it, as the dispatch logs
 * expect.
 */
export async function reportPositions(
  app: FastifyInstance,
  captainId: number,
  positions: readonly CaptainPositionInput[],
): Promise<PositionsResult> {
  const now = app.clock.now();
  const refused: PositionsResult['refused'] = [];
  const fixes: (CaptainPositionInput & { index: number; t: number })[] = [];
  positions.forEach((p, index) => {
    const t = typeof p.at === 'number' ? p.at : Date.parse(p.at);
    if (t < now - CAPTAIN_POSITION_MAX_AGE_MS) refused.push({ index, reason: 'too_old' });
    else if (t > now + CAPTAIN_POSITION_FUTURE_SKEW_MS) refused.push({ index, reason: 'in_future' });
    else fixes.push({ ...p, index, t: Math.min(t, now) });
  });
  fixes.sort((a, b) => a.t - b.t || a.index - b.index);
  let last = app.locations.index.getSync(captainId)?.meta.at ?? Number.NEGATIVE_INFINITY;
  const reported: typeof fixes = [];
  for (const fix of fixes) {
    if (fix.t < last) {
      refused.push({ index: fix.index, reason: 'out_of_order' });
      continue;
    }
    app.locations.report(captainId, fix.lon, fix.lat, fix.heading ?? null, fix.speed ?? null, fix.t);
    last = fix.t;
    reported.push(fix);
  }
  if (reported.length > 0) await followFence(app, captainId, reported);
  return { reported: reported.length, refused: refused.sort((a, b) => a.index - b.index) };
}

/** Enters or leaves the pickup geofence of the captain's fenced ride as the fixes (in time order) cross it. */
async function followFence(app: FastifyInstance, captainId: number, fixes: readonly CaptainPositionInput[]) {
  const [ride] = await app.db
    .select({ id: bookings.id, lon: bookings.pickUpLon, lat: bookings.pickUpLat })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(rides.captainId, captainId), inArray(bookings.status, [...FENCED])))
    .limit(1);
  if (!ride) return;
  let inside = await insideFence(app.db, ride.id, captainId);
  for (const fix of fixes) {
    const within = haversine([fix.lon, fix.lat], [ride.lon, ride.lat]) <= PICKUP_GEOFENCE_M;
    if (within === inside) continue;
    inside = within;
    await app.bookings.geofence(ride.id, captainId, inside ? 'enter' : 'leave');
  }
}
