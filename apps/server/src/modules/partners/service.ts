import {
  type BookingCreate,
  type BookingDto,
  PARTNER_MSG,
  type PartnerBooking,
  type PartnerPassengerDto,
  partnerInvoices,
  partnerPickup,
  partnerPolicy,
} from '@taxi/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { authorize } from '../../http/auth';
import { forbidden, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { guestPassenger } from '../bookings/commands/console/guest';
import { presentBookings } from '../bookings/presenter';
import type { BookingService } from '../bookings/service';
import {
  partnerBilledRides,
  partnerBookingsPage,
  partnerGuest,
  partnerGuestsPage,
  partnerSummary,
  partnersOfPassenger,
  passengerExists,
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
 * (tenant isolation); objects named by id pass the object-level rules of partnerPolicy.
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
    return { ...page, data: await presentBookings(this.deps.db, page.data) };
  }

  async booking(request: FastifyRequest, id: number): Promise<BookingDto> {
    const row = await this.deps.bookings.find(id);
    authorize(request, partnerPolicy.booking, { partner_id: row.partnerId });
    return this.deps.bookings.show(id);
  }

  /** Books for a guest on the partner's account: its limit and services apply (createOrder). */
  async book(request: FastifyRequest, input: PartnerBooking): Promise<BookingDto> {
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
    return this.deps.bookings.create(request.user, order);
  }

  async guests(request: FastifyRequest, query: Page) {
    const page = await paginate(partnerGuestsPage(this.deps.db, this.partnerOf(request)), {
      ...query,
      url: request.url,
    });
    return { ...page, data: page.data.map(presentGuest) };
  }

  async guest(request: FastifyRequest, id: number): Promise<PartnerPassengerDto> {
    if (!(await passengerExists(this.deps.db, id))) throw notFound();
    authorize(request, partnerPolicy.passenger, { partner_ids: await partnersOfPassenger(this.deps.db, id) });
    const row = await partnerGuest(this.deps.db, this.partnerOf(request), id);
    if (!row) throw notFound();
    return presentGuest(row);
  }
}
