import {
  BUSY_BOOKING_STATUSES,
  type CaptainAvailabilityFacts,
  captainUnavailability,
  UNAVAILABILITY_ANSWER,
} from '@taxi/shared';
import { and, asc, eq, gt, inArray, isNotNull, ne } from 'drizzle-orm';
import { type DbOrTx, independentQueries, type Tx } from '../db/client';
import { bookingSuggestions, bookings, rides } from '../db/schema/bookings';
import { captains, cars } from '../db/schema/people';
import { HttpError, notFound } from '../http/errors';
import type { CaptainFacts } from './candidates';

/**
 * The captains (of `ids`) that another booking keeps: an active ride (BUSY_BOOKING_STATUSES) or a live
 * offer or hold of a PENDING booking. `exceptBookingId` is the booking being dispatched: its own offer,
 * hold or ride does not count against it. The one query behind the shared rule, for both dispatches.
 */
export async function captainCommitments(
  db: DbOrTx,
  ids: readonly number[],
  now: Date,
  exceptBookingId?: number,
): Promise<{ onRide: Set<number>; offered: Set<number> }> {
  if (ids.length === 0) return { onRide: new Set(), offered: new Set() };
  const list = [...ids];
  const other = exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId);
  // In a dispatch's transaction (lockAvailableCaptain) these run one after the other; on the pool, together.
  const [rideRows, offerRows, groupRows] = await independentQueries(db, [
    () =>
      db
        .selectDistinct({ captainId: rides.captainId })
        .from(bookings)
        .innerJoin(rides, eq(rides.id, bookings.rideId))
        .where(and(inArray(rides.captainId, list), inArray(bookings.status, BUSY_BOOKING_STATUSES), other)),
    () =>
      db
        .selectDistinct({ captainId: bookings.suggestionCaptainId })
        .from(bookings)
        .where(
          and(
            inArray(bookings.suggestionCaptainId, list),
            eq(bookings.status, 'PENDING'),
            isNotNull(bookings.suggestionUntil),
            gt(bookings.suggestionUntil, now),
            other,
          ),
        ),
    // A live group offer keeps each of its captains too (until one of them wins it).
    () =>
      db
        .selectDistinct({ captainId: bookingSuggestions.captainId })
        .from(bookingSuggestions)
        .innerJoin(bookings, eq(bookings.id, bookingSuggestions.bookingId))
        .where(
          and(
            eq(bookings.status, 'PENDING'),
            inArray(bookingSuggestions.captainId, list),
            eq(bookingSuggestions.status, 'SENT'),
            eq(bookingSuggestions.kind, 'group'),
            gt(bookingSuggestions.until, now),
            exceptBookingId === undefined ? undefined : ne(bookingSuggestions.bookingId, exceptBookingId),
          ),
        ),
  ]);
  const offered = new Set(offerRows.flatMap((r) => (r.captainId == null ? [] : [r.captainId])));
  for (const r of groupRows) offered.add(r.captainId);
  return { onRide: new Set(rideRows.map((r) => r.captainId)), offered };
}

/** The locked captain's car (the one the ride gets) and what the fit rules need to know of them. */
export interface LockedCaptain {
  carId: number;
  facts: Pick<CaptainFacts, 'captain_id' | 'service_ids' | 'vehicle_type' | 'seats' | 'capabilities'>;
}

/**
 * The manual dispatch's check, inside its transaction: locks the captain's row (SELECT … FOR NO KEY
 * UPDATE, which conflicts with itself), so that concurrent dispatches of one captain run one after the
 * other and each sees the rides the earlier ones committed; then applies the shared rule on those fresh
 * facts. Returns the car the ride gets (the captain's first). 404 for an unknown captain; 422 or 409 (the
 * shared rule's answer) for one who may not take the booking now.
 */
export async function lockAvailableCaptain(
  tx: Tx,
  captainId: number,
  bookingId: number,
  now: Date,
): Promise<LockedCaptain> {
  const [captain] = await tx
    .select({
      id: captains.id,
      active: captains.active,
      blockedUntil: captains.blockedUntil,
      serviceIds: captains.serviceIds,
      capabilities: captains.capabilities,
    })
    .from(captains)
    .where(eq(captains.id, captainId))
    .for('no key update');
  if (!captain) throw notFound();
  const [car] = await tx
    .select({ id: cars.id, vehicleType: cars.vehicleType, seats: cars.seats })
    .from(cars)
    .where(eq(cars.captainId, captainId))
    .orderBy(asc(cars.id))
    .limit(1);
  const { onRide } = await captainCommitments(tx, [captainId], now, bookingId);
  const facts: CaptainAvailabilityFacts = {
    active: captain.active,
    blocked_until: captain.blockedUntil,
    has_car: !!car,
    on_ride: onRide.has(captainId),
    // An offer of another booking is not a ride: a dispatch (the operator's, or the captain accepting this
    // booking) wins over it. Only the AI's own search skips captains with a live offer.
    offered: false,
  };
  const reason = captainUnavailability(facts, now);
  if (reason || !car) {
    const answer = UNAVAILABILITY_ANSWER[reason ?? 'no_car'];
    throw new HttpError(answer.status, answer.message);
  }
  return {
    carId: car.id,
    facts: {
      captain_id: captainId,
      service_ids: captain.serviceIds ?? [],
      vehicle_type: car.vehicleType,
      seats: car.seats,
      capabilities: captain.capabilities ?? [],
    },
  };
}
