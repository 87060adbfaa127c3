import {
  BOOKING_MSG,
  type BookingCreate,
  cityLocalToDate,
  type FareQuoteDto,
  type VoucherDiscount,
} from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { bookingNotes, bookingStops, passengers, places } from '../../../../db/schema';
import { validationError } from '../../../../http/errors';
import { checkPickupArea } from '../../../fleet/area';
import { bookingConstraints } from '../../../fleet/constraints';
import { checkOrderPlaces } from '../../../geo/booking-check';
import { discountOf, voucherFor } from '../../../vouchers/rules';
import { activeService, type BookingDeps } from '../../store';

/** Checks and resolves what a phone/dashboard order refers to: service, time, voucher, places, sectors. */
export async function resolveOrder(deps: BookingDeps, input: BookingCreate, now: Date) {
  const { db, city } = deps;
  const service = await activeService(db, input.service_id);
  const datetime = input.now ? now : cityLocalToDate(input.datetime ?? '');
  if (!datetime) throw validationError('datetime', BOOKING_MSG.timeUpdateError);
  if (input.passenger_id) {
    const [p] = await db.select({ id: passengers.id }).from(passengers).where(eq(passengers.id, input.passenger_id));
    if (!p) throw validationError('passenger_id', BOOKING_MSG.unknownPassenger);
  }
  const voucher = input.voucher_code ? await voucherFor(db, input.voucher_code, service.id, datetime) : null;
  const voucherId = voucher?.id ?? null;
  await checkPickupArea(deps, service, input.pickup);
  const reviewReason = checkOrderPlaces(deps.geo, service.id, input, datetime.getTime());
  const placeIds = [input.pickup.place_id, input.dropoff?.place_id].filter((v): v is number => !!v);
  const known = placeIds.length
    ? new Set((await db.select({ id: places.id }).from(places).where(inArray(places.id, placeIds))).map((p) => p.id))
    : new Set<number>();
  const landmark = (id: number | null | undefined) => (id && known.has(id) ? id : null);
  const pickupSector = city.sectorOf([input.pickup.lon, input.pickup.lat]);
  const dropoffSector = input.dropoff ? city.sectorOf([input.dropoff.lon, input.dropoff.lat]) : null;
  /** The columns of bookings an order form sets. */
  const columns = {
    datetime,
    now: input.now,
    seats: input.seats,
    vehicleType: service.vehicleType,
    roomNumber: input.room_number,
    serviceId: service.id,
    pickUpLocationName: input.pickup.name,
    pickUpLocationDetails: input.pickup.details,
    pullDownLocationName: input.dropoff?.name ?? null,
    pullDownLocationDetails: input.dropoff?.details ?? null,
    landmarkPickupId: landmark(input.pickup.place_id),
    landmarkDropoffId: landmark(input.dropoff?.place_id),
    pickUpLon: input.pickup.lon,
    pickUpLat: input.pickup.lat,
    pullDownLon: input.dropoff?.lon ?? null,
    pullDownLat: input.dropoff?.lat ?? null,
    pickupSectorId: pickupSector?.id ?? null,
    dropoffSectorId: dropoffSector?.id ?? null,
    reviewReason,
    voucherId,
    ...(input.constraint_ids ? await bookingConstraints(db, input.constraint_ids) : {}),
  };
  return { service, datetime, columns, voucher: voucher ? discountOf(voucher) : null };
}

/**
 * The fare engine's estimate of an order with a destination (null without one, or when the service has no
 * prices for the season: the order is still taken, the board shows no price).
 */
export async function estimateOrder(
  deps: BookingDeps,
  input: Pick<BookingCreate, 'service_id' | 'pickup' | 'dropoff' | 'stops' | 'passenger_id'>,
  at: Date,
  voucher: VoucherDiscount | null = null,
): Promise<FareQuoteDto | null> {
  if (!input.dropoff) return null;
  return deps.fares.quoteTrip({
    serviceId: input.service_id,
    pickup: [input.pickup.lon, input.pickup.lat],
    dropoff: [input.dropoff.lon, input.dropoff.lat],
    // A stop named without coordinates does not bend the route.
    stops: input.stops.flatMap((s) => (s.lon !== undefined && s.lat !== undefined ? [[s.lon, s.lat] as LonLat] : [])),
    at,
    passengerId: input.passenger_id,
    voucher,
  });
}

/** The order form's stops (in order) and its note, written with the booking. */
export async function writeStopsAndNote(
  tx: DbOrTx,
  bookingId: number,
  input: Pick<BookingCreate, 'stops' | 'notes'>,
  authorId: number,
  now: Date,
): Promise<void> {
  if (input.stops.length) {
    await tx.insert(bookingStops).values(
      input.stops.map((stop, position) => ({
        bookingId,
        position,
        locationName: stop.name,
        lon: stop.lon,
        lat: stop.lat,
      })),
    );
  }
  if (input.notes) await tx.insert(bookingNotes).values({ bookingId, note: input.notes, authorId, createdAt: now });
}
