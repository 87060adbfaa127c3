import {
  ACTIVE_STATUSES,
  type BilledRide,
  type BookingStatus,
  type PartnerDeskBookingDto,
  type PartnerGuestDto,
  type PartnerKind,
  type PartnerOptionDto,
  type PartnerSummaryDto,
} from '@taxi/shared';
import { and, asc, count, desc, eq, ilike, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, partnerGuests, partners, payments, services } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { PageSource } from '../../http/pagination';

/** The partner desk's own partner, with its active bookings against its limit. */
export async function partnerSummary(db: DbOrTx, id: number): Promise<PartnerSummaryDto> {
  const [p] = await db.select().from(partners).where(eq(partners.id, id));
  if (!p) throw notFound();
  const [{ n }] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.partnerId, id), inArray(bookings.status, [...ACTIVE_STATUSES])));
  return {
    id: p.id,
    kind: p.kind as PartnerKind,
    name: p.name,
    address: p.address,
    lon: p.lon,
    lat: p.lat,
    billing: p.billing,
    service_ids: p.serviceIds,
    max_active_bookings: p.maxActiveBookings,
    active_bookings: n,
  };
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The partners a staff phone booking may be made for, by name (or address), of one kind or all: active ones
 * first, each with its active bookings against its limit (the bookings_partner_idx index counts them).
 */
export function partnerOptionsPage(
  db: DbOrTx,
  filter: { kind?: PartnerKind; search?: string },
): PageSource<PartnerOptionDto> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(partners.kind, filter.kind));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(partners.name, pattern), ilike(partners.address, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // Written with explicit names: drizzle leaves the columns of a one-table select's field list unqualified.
  const statuses = sql.join(
    ACTIVE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const active = sql<number>`(select count(*)::int from ${bookings} b
    where b.partner_id = ${sql.raw('"partners"."id"')} and b.status in (${statuses}))`;
  return {
    count: () => db.$count(partners, where),
    rows: async (limit, offset) => {
      const rows = await db
        .select({
          id: partners.id,
          kind: partners.kind,
          name: partners.name,
          address: partners.address,
          lon: partners.lon,
          lat: partners.lat,
          active: partners.active,
          max: partners.maxActiveBookings,
          activeBookings: active,
        })
        .from(partners)
        .where(where)
        .orderBy(desc(partners.active), asc(partners.name), asc(partners.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind as PartnerKind,
        name: r.name,
        address: r.address,
        lon: r.lon,
        lat: r.lat,
        active: r.active,
        max_active_bookings: r.max,
        active_bookings: Number(r.activeBookings),
      }));
    },
  };
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** A desk booking's columns: the booking's own, its service's name and the partner's guest record. */
function deskBookings(db: DbOrTx) {
  return db
    .select({
      id: bookings.id,
      partnerId: bookings.partnerId,
      status: bookings.status,
      datetime: bookings.datetime,
      createdAt: bookings.createdAt,
      now: bookings.now,
      seats: bookings.seats,
      roomNumber: bookings.roomNumber,
      serviceId: bookings.serviceId,
      serviceName: services.name,
      pickup: bookings.pickUpLocationName,
      pickupDetails: bookings.pickUpLocationDetails,
      pickUpLon: bookings.pickUpLon,
      pickUpLat: bookings.pickUpLat,
      dropoff: bookings.pullDownLocationName,
      dropoffDetails: bookings.pullDownLocationDetails,
      pullDownLon: bookings.pullDownLon,
      pullDownLat: bookings.pullDownLat,
      guestId: partnerGuests.id,
      guestFirst: partnerGuests.firstName,
      guestLast: partnerGuests.lastName,
      guestPhone: partnerGuests.phoneNumber,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(
      partnerGuests,
      and(eq(partnerGuests.id, bookings.partnerGuestId), eq(partnerGuests.partnerId, bookings.partnerId)),
    );
}

export type DeskBookingRow = Awaited<ReturnType<ReturnType<typeof deskBookings>['execute']>>[number];

const point = (lon: number | null, lat: number | null) =>
  lon === null || lat === null ? null : { type: 'Point' as const, coordinates: [lon, lat] as [number, number] };

/** A booking as its partner's desk sees it: never a field of the passenger (tenant isolation). */
export function presentDeskBooking(r: DeskBookingRow): PartnerDeskBookingDto {
  return {
    id: r.id,
    status: r.status as BookingStatus,
    datetime: r.datetime.toISOString(),
    created_at: r.createdAt.toISOString(),
    now: r.now,
    seats: r.seats,
    room_number: r.roomNumber,
    service: { id: r.serviceId, name: r.serviceName },
    service_id: r.serviceId,
    guest:
      r.guestId === null
        ? null
        : {
            id: r.guestId,
            first_name: r.guestFirst ?? '',
            last_name: r.guestLast ?? '',
            full_name: fullName(r.guestFirst ?? '', r.guestLast ?? ''),
            phone_number: r.guestPhone ?? '',
          },
    pick_up_location_name: r.pickup,
    pick_up_location_details: r.pickupDetails,
    pull_down_location_name: r.dropoff,
    pull_down_location_details: r.dropoffDetails,
    pick_up_location: { type: 'Point', coordinates: [r.pickUpLon, r.pickUpLat] },
    pull_down_location: point(r.pullDownLon, r.pullDownLat),
  };
}

/** The partner's bookings, newest time first. */
export function partnerBookingsPage(db: DbOrTx, partnerId: number): PageSource<DeskBookingRow> {
  const where = eq(bookings.partnerId, partnerId);
  return {
    count: () => db.$count(bookings, where),
    rows: (limit, offset) =>
      deskBookings(db).where(where).orderBy(desc(bookings.datetime), desc(bookings.id)).limit(limit).offset(offset),
  };
}

/** One booking as a desk sees it (the policy then checks it is its partner's), or undefined. */
export async function deskBooking(db: DbOrTx, id: number): Promise<DeskBookingRow | undefined> {
  const [row] = await deskBookings(db).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** A guest record with its own bookings' count and latest booking (bookings_partner_guest_idx). */
function guestRecords(db: DbOrTx) {
  return db
    .select({
      id: partnerGuests.id,
      partnerId: partnerGuests.partnerId,
      firstName: partnerGuests.firstName,
      lastName: partnerGuests.lastName,
      phoneNumber: partnerGuests.phoneNumber,
      roomNumber: partnerGuests.roomNumber,
      bookings: count(bookings.id),
      last: max(bookings.createdAt),
    })
    .from(partnerGuests)
    .leftJoin(
      bookings,
      and(eq(bookings.partnerGuestId, partnerGuests.id), eq(bookings.partnerId, partnerGuests.partnerId)),
    )
    .groupBy(partnerGuests.id);
}

export type GuestRecordRow = Awaited<ReturnType<ReturnType<typeof guestRecords>['execute']>>[number];

/** A guest as its partner's record holds it: what the desk typed, never the passenger's data. */
export const presentGuest = (r: GuestRecordRow): PartnerGuestDto => ({
  id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  full_name: fullName(r.firstName, r.lastName),
  phone_number: r.phoneNumber,
  room_number: r.roomNumber,
  bookings: r.bookings,
  last_booking_at: r.last ? new Date(r.last).toISOString() : null,
});

/** The partner's guest records, the latest booked first. */
export function partnerGuestsPage(db: DbOrTx, partnerId: number): PageSource<GuestRecordRow> {
  const where = eq(partnerGuests.partnerId, partnerId);
  return {
    count: () => db.$count(partnerGuests, where),
    rows: (limit, offset) =>
      guestRecords(db)
        .where(where)
        .orderBy(sql`max(${bookings.createdAt}) desc nulls last`, desc(partnerGuests.id))
        .limit(limit)
        .offset(offset),
  };
}

/** One guest record by its id (the policy then checks it is the caller's partner's), or undefined. */
export async function guestRecord(db: DbOrTx, id: number): Promise<GuestRecordRow | undefined> {
  const [row] = await guestRecords(db).where(eq(partnerGuests.id, id));
  return row;
}

/**
 * The partner's paid rides (their DONE booking payments summed, tips included), for its invoices. Each names
 * its guest as the partner's own record holds it (an invoice is the partner's document, sent to it), never as
 * the passenger; a ride its desk did not book names none. Read by the bookings' partner index; a partner's
 * account holds thousands of rides at most.
 */
export async function partnerBilledRides(db: DbOrTx, partnerId: number): Promise<BilledRide[]> {
  const rows = await db
    .select({
      id: bookings.id,
      at: bookings.datetime,
      first: partnerGuests.firstName,
      last: partnerGuests.lastName,
      pickup: bookings.pickUpLocationName,
      dropoff: bookings.pullDownLocationName,
      amount: sql<string>`sum(${payments.amount})`,
    })
    .from(bookings)
    .innerJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.status, 'DONE')))
    .leftJoin(
      partnerGuests,
      and(eq(partnerGuests.id, bookings.partnerGuestId), eq(partnerGuests.partnerId, bookings.partnerId)),
    )
    .where(eq(bookings.partnerId, partnerId))
    .groupBy(bookings.id, partnerGuests.id);
  return rows.map((r) => ({
    booking_id: r.id,
    at: r.at.toISOString(),
    passenger: fullName(r.first ?? '', r.last ?? ''),
    pickup: r.pickup,
    dropoff: r.dropoff,
    amount: Number(r.amount),
  }));
}
