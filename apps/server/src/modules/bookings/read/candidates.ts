import { captainUnavailability } from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { captains, cars } from '../../../db/schema';
import { captainCommitments } from '../../../dispatch/eligibility';
import { dateOf } from '../../../lib/clock';
import { CANDIDATES_LIMIT, type Candidate } from '../model';
import { loadCars, presentCaptain } from '../presenter';
import { type BookingDeps, findBooking } from '../store';

/** Active captains with a car, not blocked, nearest to the pickup first, with street ETA. */
export async function bookingCandidates(deps: BookingDeps, id: number): Promise<Candidate[]> {
  const { db } = deps;
  const booking = await findBooking(db, id);
  const pickup: LonLat = [booking.pickUpLon, booking.pickUpLat];
  const now = dateOf(deps.clock);
  const cosLat = Math.cos((booking.pickUpLat * Math.PI) / 180);
  const rows = await db
    .selectDistinctOn([captains.id], { captain: captains, carId: cars.id })
    .from(captains)
    .innerJoin(cars, eq(cars.captainId, captains.id))
    .where(
      and(
        eq(captains.active, true),
        or(isNull(captains.blockedUntil), sql`${captains.blockedUntil} < ${now}`),
        isNotNull(captains.lastLon),
        isNotNull(captains.lastLat),
      ),
    )
    .orderBy(captains.id, asc(cars.id));
  // Nearest by an equirectangular approximation, then exact distance and ETA for the short list.
  const approx = (c: typeof captains.$inferSelect) =>
    ((c.lastLon as number) - pickup[0]) ** 2 * cosLat * cosLat + ((c.lastLat as number) - pickup[1]) ** 2;
  // Listed only when the dispatch would take them: the shared rule on the same facts (an offer of another
  // booking does not count against a manual dispatch).
  const nearest = rows.sort((a, b) => approx(a.captain) - approx(b.captain)).slice(0, CANDIDATES_LIMIT * 3);
  const { onRide } = await captainCommitments(
    db,
    nearest.map((r) => r.captain.id),
    now,
    id,
  );
  const available = ({ captain }: (typeof nearest)[number]) =>
    captainUnavailability(
      {
        active: captain.active,
        blocked_until: captain.blockedUntil,
        has_car: true,
        on_ride: onRide.has(captain.id),
        offered: false,
      },
      now,
    ) === null;
  const short = nearest.filter(available).slice(0, CANDIDATES_LIMIT);
  const carMap = await loadCars(
    db,
    short.map((r) => r.carId),
  );
  return short
    .map(({ captain, carId }) => {
      const from: LonLat = [captain.lastLon as number, captain.lastLat as number];
      return {
        captain: presentCaptain(captain),
        car: carMap.get(carId) ?? null,
        distance_m: Math.round(haversine(from, pickup)),
        eta_s: Math.round(deps.city.eta(from, pickup)),
        online: captain.online,
      };
    })
    .sort((a, b) => a.distance_m - b.distance_m);
}
