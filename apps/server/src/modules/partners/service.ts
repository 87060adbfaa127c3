import {
  type BookingCreate,
  PARTNER_MSG,
  type PartnerBooking,
  type PartnerDeskBookingDto,
  type PartnerGuestDto,
  partnerInvoices,
  partnerPickup,
  partnerPolicy,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { bookings, partnerGuests } from '../../db/schema';
import { authorize } from '../../http/auth';
import { forbidden, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { createOrder } from '../bookings/commands/console/create-order';
import { guestPassenger } from '../bookings/commands/console/guest';
import type { BookingService } from '../bookings/service';
import {
  deskBooking,
  guestRecord,
  partnerBilledRides,
  partnerBookingsPage,
  partnerGuestsPage,
  partnerSummary,
  presentDeskBooking,
  presentGuest,
} from './queries';

type Page = { page: number; perPage: number };

/** A partner's invoices as its billing groups them (404 for no such partner): the desk's and the staff's. */
export async function invoicesOfPartner(db: Db, partnerId: number) {
  const partner = await partnerSummary(db, partnerId);
  const rides = await partnerBilledRides(db, partner.id);
  return { billing: partner.billing, invoices: partnerInvoices(partner.billing, rides) };
}

/**
 * The partner desk (hotels, restaurants, companies): everything is read through the caller's own partner
 * (tenant isolation); objects named by id pass the object-level rules of partnerPolicy. A desk's booking is
 * dispatched for the real passenger of its phone number, but the desk reads its own guest record (what it
 * typed), never the passenger (SECURITY.md, tenant isolation).
 */
export class PartnerDeskService {
  constructor(private readonly deps: { db: Db; bookings: BookingService }) {}

  private partnerOf(request: FastifyRequest): number {
    const id = request.user.partner_id;
    if (!id) throw forbidden();
    return id;
  }

  self = (request: FastifyRequest) => partnerSummary(this.deps.db, this.partnerOf(request));

  /** The partner's own invoices, as its billing groups them (a month's rides, or each ride alone). */
  invoices = (request: FastifyRequest) => invoicesOfPartner(this.deps.db, this.partnerOf(request));

  async bookings(request: FastifyRequest, query: Page) {
    const page = await paginate(partnerBookingsPage(this.deps.db, this.partnerOf(request)), {
      ...query,
      url: request.url,
    });
    return { ...page, data: page.data.map(presentDeskBooking) };
  }

  async booking(request: FastifyRequest, id: number): Promise<PartnerDeskBookingDto> {
    const row = await deskBooking(this.deps.db, id);
    if (!row) throw notFound();
    authorize(request, partnerPolicy.booking, { partner_id: row.partnerId });
    return presentDeskBooking(row);
  }

  /**
   * Books for a guest on the partner's account: its limit and services apply (createOrder). The booking is
   * made for the passenger of the phone number (or a new unregistered one), and the partner's guest record of
   * that number keeps what the desk typed, in the booking's transaction.
   */
  async book(request: FastifyRequest, input: PartnerBooking): Promise<PartnerDeskBookingDto> {
    const partner = await partnerSummary(this.deps.db, this.partnerOf(request));
    const pickup = input.pickup ?? partnerPickup(partner);
    if (!pickup) throw validationError('pickup', PARTNER_MSG.noPickup);
    const order: BookingCreate = {
      ...(await guestPassenger(this.deps.db, input)),
      service_id: input.service_id,
      pickup,
      dropoff: input.dropoff,
      stops: [],
      now: input.now,
      datetime: input.now ? null : (input.datetime ?? null),
      seats: input.seats,
      notes: input.notes,
      voucher_code: null,
      origin: 'dashboard',
      room_number: input.room_number,
      partner_id: partner.id,
    };
    const booking = await createOrder(this.deps.bookings.deps, request.user, order, (tx, made) =>
      recordGuest(tx, partner.id, made, input),
    );
    return this.booking(request, booking.id);
  }

  async guests(request: FastifyRequest, query: Page) {
    const page = await paginate(partnerGuestsPage(this.deps.db, this.partnerOf(request)), {
      ...query,
      url: request.url,
    });
    return { ...page, data: page.data.map(presentGuest) };
  }

  /**
   * One of the partner's guest records. Any other id — another partner's record, a passenger's id, a missing
   * one — is the same 404: a desk cannot learn what it does not hold.
   */
  async guest(request: FastifyRequest, id: number): Promise<PartnerGuestDto> {
    const row = await guestRecord(this.deps.db, id);
    if (!row || !partnerPolicy.guest.allows(request.user, { partner_id: row.partnerId })) throw notFound();
    return presentGuest(row);
  }
}

/**
 * The partner's record of the phone number it booked for, made or brought up to date with what its desk typed
 * (the latest name and room), linked to the booking's passenger on the server side, and set on the booking.
 */
async function recordGuest(
  tx: Tx,
  partnerId: number,
  booking: { id: number; now: Date },
  typed: Pick<PartnerBooking, 'first_name' | 'last_name' | 'phone_number' | 'room_number'>,
): Promise<void> {
  const [{ passengerId }] = await tx
    .select({ passengerId: bookings.passengerId })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  const fields = {
    firstName: typed.first_name,
    lastName: typed.last_name,
    roomNumber: typed.room_number,
    passengerId,
    updatedAt: booking.now,
  };
  const [guest] = await tx
    .insert(partnerGuests)
    .values({ ...fields, partnerId, phoneNumber: typed.phone_number, createdAt: booking.now })
    .onConflictDoUpdate({ target: [partnerGuests.partnerId, partnerGuests.phoneNumber], set: fields })
    .returning({ id: partnerGuests.id });
  await tx.update(bookings).set({ partnerGuestId: guest.id }).where(eq(bookings.id, booking.id));
}
