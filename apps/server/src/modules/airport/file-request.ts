import { type AirportRequest, type BookingCreate, type BookingDto, cityLocalToDate } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { airportDetails, bookings } from '../../db/schema';
import { dateOf } from '../../lib/clock';
import { createOrder } from '../bookings/commands/console/create-order';
import { guestPassenger } from '../bookings/commands/console/guest';
import { estimateOrder } from '../bookings/commands/console/order';
import type { Actor } from '../bookings/model';
import type { BookingService } from '../bookings/service';

/** Seats a car offers at most (the booking form's limit). */
const MAX_SEATS = 8;

/**
 * An airport request (POST airport/requests): a dashboard booking for the traveller (the passenger found by
 * phone number, or a new unregistered one) with its airport details row, both in the booking's transaction.
 * The details start "untouched" (last update = creation) so the dispatchers' card offers 'Ok we received'.
 *
 * The details are the agency's own record of the traveller (what its desk typed): the desk reads them, never the
 * passenger the booking is made for. Its estimated price is the trip's price for anyone — the passenger's
 * loyalty class would otherwise show through it — while the booking keeps its own quote for the ride.
 */
export async function fileAirportRequest(
  bookings_: BookingService,
  actor: Actor,
  agencyId: number,
  input: AirportRequest,
): Promise<BookingDto> {
  const { deps } = bookings_;
  const order: BookingCreate = {
    ...(await guestPassenger(deps.db, input)),
    service_id: input.service_id,
    pickup: input.pickup,
    dropoff: input.dropoff,
    stops: [],
    now: input.now,
    datetime: input.now ? null : (input.datetime ?? null),
    seats: Math.min(Math.max(input.riders, 1), MAX_SEATS),
    notes: input.notes,
    voucher_code: null,
    origin: 'dashboard',
    room_number: null,
  };
  const at = order.now ? dateOf(deps.clock) : cityLocalToDate(order.datetime ?? '');
  const anyone = order.passenger_id && at ? await estimateOrder(deps, { ...order, passenger_id: null }, at) : undefined;
  return createOrder(deps, actor, order, async (tx, booking) => {
    await tx.update(bookings).set({ airportOffice: true }).where(eq(bookings.id, booking.id));
    await tx.insert(airportDetails).values({
      bookingId: booking.id,
      agencyId,
      agent: input.agent,
      airAgencyName: input.air_agency_name,
      firstName: input.first_name,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
      whatsappNumber: input.whatsapp_number,
      riders: input.riders,
      bags: input.bags,
      pnr: input.pnr,
      country: input.country,
      estimatedPrice: (anyone === undefined ? booking.fare : anyone)?.euros.toFixed(2) ?? null,
      lastUpdate: booking.now,
    });
  });
}
