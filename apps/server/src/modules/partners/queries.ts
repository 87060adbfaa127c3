import {
  ACTIVE_STATUSES,
  type BilledRide,
  type PartnerKind,
  type PartnerOptionDto,
  type PartnerPassengerDto,
  type PartnerSummaryDto,
} from '@taxi/shared';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, partners, passengers, payments } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { PageSource } from '../../http/pagination';
import type { BookingRow } from '../bookings/presenter';

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

/** The partner's bookings, newest time first. */
export function partnerBookingsPage(db: DbOrTx, partnerId: number): PageSource<BookingRow> {
  const where = eq(bookings.partnerId, partnerId);
  return {
    count: () => db.$count(bookings, where),
    rows: (limit, offset) =>
      db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(desc(bookings.datetime), desc(bookings.id))
        .limit(limit)
        .offset(offset),
  };
}

const guestColumns = {
  id: passengers.id,
  firstName: passengers.firstName,
  lastName: passengers.lastName,
  phoneNumber: passengers.phoneNumber,
  bookings: count(bookings.id),
  last: max(bookings.createdAt),
};

type GuestRow = {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  bookings: number;
  last: Date | null;
};

export const presentGuest = (r: GuestRow): PartnerPassengerDto => ({
  id: r.id,
  full_name: `${r.firstName} ${r.lastName}`.trim(),
  phone_number: r.phoneNumber,
  bookings: r.bookings,
  last_booking_at: r.last ? new Date(r.last).toISOString() : null,
});

/** The passengers who rode on the partner's account, the latest first. */
export function partnerGuestsPage(db: DbOrTx, partnerId: number): PageSource<GuestRow> {
  const where = eq(bookings.partnerId, partnerId);
  return {
    count: async () => {
      const [{ n }] = await db
        .select({ n: countDistinct(bookings.passengerId) })
        .from(bookings)
        .where(where);
      return n;
    },
    rows: (limit, offset) =>
      db
        .select(guestColumns)
        .from(bookings)
        .innerJoin(passengers, eq(passengers.id, bookings.passengerId))
        .where(where)
        .groupBy(passengers.id)
        .orderBy(sql`max(${bookings.createdAt}) desc`, desc(passengers.id))
        .limit(limit)
        .offset(offset),
  };
}

/** The partners a passenger rode with (what the guest rule reads). */
export async function partnersOfPassenger(db: DbOrTx, passengerId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: bookings.partnerId })
    .from(bookings)
    .where(and(eq(bookings.passengerId, passengerId), isNotNull(bookings.partnerId)));
  return rows.map((r) => r.id as number);
}

/** One guest as its partner sees it (its rides on that partner's account only). */
export async function partnerGuest(db: DbOrTx, partnerId: number, passengerId: number): Promise<GuestRow | undefined> {
  const [row] = await db
    .select(guestColumns)
    .from(bookings)
    .innerJoin(passengers, eq(passengers.id, bookings.passengerId))
    .where(and(eq(bookings.partnerId, partnerId), eq(bookings.passengerId, passengerId)))
    .groupBy(passengers.id);
  return row;
}

/** Does the passenger exist at all (404 before the rule's 403)? */
export async function passengerExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: passengers.id }).from(passengers).where(eq(passengers.id, id));
  return !!row;
}

/**
 * The partner's paid rides (their DONE booking payments summed, tips included), for its invoices. Read by
 * the bookings' partner index; a partner's account holds thousands of rides at most.
 */
export async function partnerBilledRides(db: DbOrTx, partnerId: number): Promise<BilledRide[]> {
  const rows = await db
    .select({
      id: bookings.id,
      at: bookings.datetime,
      first: passengers.firstName,
      last: passengers.lastName,
      pickup: bookings.pickUpLocationName,
      dropoff: bookings.pullDownLocationName,
      amount: sql<string>`sum(${payments.amount})`,
    })
    .from(bookings)
    .innerJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.status, 'DONE')))
    .innerJoin(passengers, eq(passengers.id, bookings.passengerId))
    .where(eq(bookings.partnerId, partnerId))
    .groupBy(bookings.id, passengers.id);
  return rows.map((r) => ({
    booking_id: r.id,
    at: r.at.toISOString(),
    passenger: `${r.first} ${r.last}`.trim(),
    pickup: r.pickup,
    dropoff: r.dropoff,
    amount: Number(r.amount),
  }));
}
