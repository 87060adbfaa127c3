import {
  type BookingStatus,
  BUSY_BOOKING_STATUSES,
  CAPTAIN_CANCELLABLE,
  CAPTAIN_TRANSITIONS,
  type CaptainOfferDto,
  type CaptainRideDto,
} from '@taxi/shared';
import { haversine } from '@taxi/shared/geo';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { bookingStops, bookingSuggestions, bookings, geofenceLogs, passengers, rides } from '../../db/schema';
import { notFound } from '../../http/errors';
import { dateOf } from '../../lib/clock';

/** A booking's trip as the app shows it, in an offer and in a ride. */
const TRIP_COLUMNS = {
  pickUpLocationName: bookings.pickUpLocationName,
  pickUpLocationDetails: bookings.pickUpLocationDetails,
  pickUpLon: bookings.pickUpLon,
  pickUpLat: bookings.pickUpLat,
  pullDownLocationName: bookings.pullDownLocationName,
  pullDownLocationDetails: bookings.pullDownLocationDetails,
  pullDownLon: bookings.pullDownLon,
  pullDownLat: bookings.pullDownLat,
  seats: bookings.seats,
  fareEstimate: bookings.fareEstimate,
};

/** Statuses a captain's app shows as the current ride: on the way, at the pickup, on the trip, and done awaiting payment. */
export const CURRENT_RIDE_STATUSES: readonly BookingStatus[] = [...BUSY_BOOKING_STATUSES, 'DONE'];

const place = (name: string | null, details: string | null, lon: number | null, lat: number | null) =>
  lon === null || lat === null ? null : { name, details, lon, lat };

/** The captain's open offers: sent to them, the booking still waiting, the deadline not passed. */
export async function openOffers(app: FastifyInstance, captainId: number): Promise<CaptainOfferDto[]> {
  const now = dateOf(app.clock);
  const rows = await app.db
    .select({
      bookingId: bookingSuggestions.bookingId,
      kind: bookingSuggestions.kind,
      until: bookingSuggestions.until,
      score: bookingSuggestions.score,
      b: TRIP_COLUMNS,
    })
    .from(bookingSuggestions)
    .innerJoin(bookings, eq(bookings.id, bookingSuggestions.bookingId))
    .where(
      and(
        eq(bookingSuggestions.captainId, captainId),
        eq(bookingSuggestions.status, 'SENT'),
        eq(bookings.status, 'PENDING'),
        gt(bookingSuggestions.until, now),
      ),
    )
    .orderBy(asc(bookingSuggestions.until));
  if (rows.length === 0) return [];
  const offerSeconds = (await app.dispatchConfig.current()).offerMs / 1000;
  const live = app.locations.index.getSync(captainId);
  return rows.map(({ bookingId, kind, until, score, b }) => ({
    booking_id: bookingId,
    kind: kind === 'group' ? 'group' : 'single',
    pickup: { name: b.pickUpLocationName, details: b.pickUpLocationDetails, lon: b.pickUpLon, lat: b.pickUpLat },
    dropoff: place(b.pullDownLocationName, b.pullDownLocationDetails, b.pullDownLon, b.pullDownLat),
    distance_m: live ? Math.round(haversine([live.lon, live.lat], [b.pickUpLon, b.pickUpLat])) : null,
    eta_s: score?.parts.eta ?? null,
    fare_estimate: b.fareEstimate ?? null,
    seats: b.seats,
    expires_at: (until as Date).toISOString(),
    offer_seconds: offerSeconds,
  }));
}

/** Whether the captain has an open offer of this booking (sent to them, still unanswered), and until when. */
export async function offerOf(
  db: DbOrTx,
  captainId: number,
  bookingId: number,
): Promise<{ until: Date | null } | null> {
  const [row] = await db
    .select({ until: bookingSuggestions.until })
    .from(bookingSuggestions)
    .where(
      and(
        eq(bookingSuggestions.bookingId, bookingId),
        eq(bookingSuggestions.captainId, captainId),
        eq(bookingSuggestions.status, 'SENT'),
      ),
    )
    .orderBy(desc(bookingSuggestions.id))
    .limit(1);
  return row ?? null;
}

/** The booking when its ride is the captain's, else 404 (another captain's booking is not named to them). */
export async function ownBooking(db: DbOrTx, captainId: number, bookingId: number) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status, pickUpLon: bookings.pickUpLon, pickUpLat: bookings.pickUpLat })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.id, bookingId), eq(rides.captainId, captainId)));
  if (!row) throw notFound();
  return { ...row, status: row.status as BookingStatus };
}

async function presentRides(db: DbOrTx, captainId: number, where: ReturnType<typeof and>): Promise<CaptainRideDto[]> {
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      ...TRIP_COLUMNS,
      firstName: passengers.firstName,
      lastName: passengers.lastName,
      phone: passengers.phoneNumber,
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .innerJoin(passengers, eq(passengers.id, bookings.passengerId))
    .where(and(eq(rides.captainId, captainId), where))
    .orderBy(asc(bookings.datetime), asc(bookings.id));
  if (rows.length === 0) return [];
  const stops = await db
    .select({
      bookingId: bookingStops.bookingId,
      name: bookingStops.locationName,
      lon: bookingStops.lon,
      lat: bookingStops.lat,
    })
    .from(bookingStops)
    .where(
      inArray(
        bookingStops.bookingId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(bookingStops.position), asc(bookingStops.id));
  return rows.map((r) => {
    const status = r.status as BookingStatus;
    const next = CAPTAIN_TRANSITIONS[status];
    return {
      booking_id: r.id,
      status,
      next_status: next && next !== 'PAID' ? next : null,
      cancellable: CAPTAIN_CANCELLABLE.includes(status),
      pickup: { name: r.pickUpLocationName, details: r.pickUpLocationDetails, lon: r.pickUpLon, lat: r.pickUpLat },
      dropoff: place(r.pullDownLocationName, r.pullDownLocationDetails, r.pullDownLon, r.pullDownLat),
      stops: stops.filter((s) => s.bookingId === r.id).map(({ name, lon, lat }) => ({ name, lon, lat })),
      passenger: { name: `${r.firstName} ${r.lastName}`.trim(), phone_number: r.phone },
      seats: r.seats,
      fare_estimate: r.fareEstimate ?? null,
    };
  });
}

/** The captain's current rides, earliest first. */
export const currentRides = (db: DbOrTx, captainId: number) =>
  presentRides(db, captainId, and(inArray(bookings.status, [...CURRENT_RIDE_STATUSES])));

/** One booking of the captain's as their app shows it (after a step or a cancel: whatever its status). */
export async function rideOf(db: DbOrTx, captainId: number, bookingId: number): Promise<CaptainRideDto> {
  const [ride] = await presentRides(db, captainId, and(eq(bookings.id, bookingId)));
  if (!ride) throw notFound();
  return ride;
}

/** Whether the captain is inside the pickup geofence of the booking as logged (an enter not yet left). */
export async function insideFence(db: DbOrTx, bookingId: number, captainId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: geofenceLogs.id })
    .from(geofenceLogs)
    .where(
      and(
        eq(geofenceLogs.bookingId, bookingId),
        eq(geofenceLogs.captainId, captainId),
        isNotNull(geofenceLogs.enterTime),
        isNull(geofenceLogs.leaveTime),
      ),
    )
    .limit(1);
  return !!open;
}
