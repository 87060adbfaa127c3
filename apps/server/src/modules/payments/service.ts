import {
  type BookingDto,
  COUNTED_PAYMENT_STATUS,
  PAYMENTS_MSG,
  type PaymentRideRow,
  type PaymentRideSort,
} from '@taxi/shared';
import { asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, captains, cars, payments, rides } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { PageSource } from '../../http/pagination';
import { presentBookings } from '../bookings/presenter';

export interface RideListQuery {
  sortBy: PaymentRideSort;
  descending: boolean;
  search?: string;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const captainName = sql<string>`${captains.firstName} || ' ' || ${captains.lastName}`;
const bookingsCount = sql<number>`(select count(*) from ${bookings} where ${bookings.rideId} = ${rides.id})::int`;
/** DONE payments of the ride's bookings (bookings.md §3: only DONE counts), in euros. */
const doneTotal = sql<string>`coalesce((select sum(p.amount) from ${payments} p
  join ${bookings} b on b.id = p.booking_id
  where b.ride_id = ${rides.id} and p.status = ${COUNTED_PAYMENT_STATUS}), 0)`;

/** The payments page: rides with their DONE totals, and a ride's bookings with their payments. */
export class PaymentService {
  constructor(private readonly db: Db) {}

  private where(search?: string): SQL | undefined {
    if (!search) return undefined;
    const pattern = likePattern(search);
    const parts: SQL[] = [ilike(captainName, pattern), ilike(cars.number, pattern)];
    if (/^\d{1,9}$/.test(search)) parts.push(eq(rides.id, Number(search)));
    return or(...parts);
  }

  private order(q: RideListQuery): SQL[] {
    const dir = q.descending ? desc : asc;
    if (q.sortBy === 'created_at') return [dir(rides.createdAt), dir(rides.id)];
    if (q.sortBy === 'total') return [dir(doneTotal), dir(rides.id)];
    return [dir(rides.id)];
  }

  private async page(q: RideListQuery, limit?: number, offset = 0): Promise<PaymentRideRow[]> {
    const base = this.db
      .select({
        id: rides.id,
        createdAt: rides.createdAt,
        captainId: captains.id,
        captainName,
        carNumber: cars.number,
        bookingsCount,
        total: doneTotal,
      })
      .from(rides)
      .innerJoin(captains, eq(captains.id, rides.captainId))
      .leftJoin(cars, eq(cars.id, rides.carId))
      .where(this.where(q.search))
      .orderBy(...this.order(q))
      .offset(offset);
    const rows = limit === undefined ? await base : await base.limit(limit);
    const statuses = await this.paymentStatuses(rows.map((r) => r.id));
    return rows.map((r) => {
      const counts = statuses.get(r.id) ?? {};
      return {
        id: r.id,
        created_at: new Date(r.createdAt).toISOString(),
        captain: { id: r.captainId, full_name: r.captainName.trim() },
        captain_label: r.captainName.trim(),
        car: r.carNumber === null ? null : { number: r.carNumber },
        car_label: r.carNumber ?? '',
        bookings_count: Number(r.bookingsCount),
        total: Number(r.total),
        statuses: counts,
        statuses_label: Object.entries(counts)
          .map(([status, n]) => `${status} ${n}`)
          .join(', '),
      };
    });
  }

  /** Payments of the rides' bookings counted by status, per ride (one query). */
  private async paymentStatuses(rideIds: number[]): Promise<Map<number, Record<string, number>>> {
    const out = new Map<number, Record<string, number>>();
    if (rideIds.length === 0) return out;
    const rows = await this.db
      .select({ rideId: bookings.rideId, status: payments.status, n: count() })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(inArray(bookings.rideId, rideIds))
      .groupBy(bookings.rideId, payments.status)
      .orderBy(payments.status);
    for (const r of rows) {
      if (r.rideId === null) continue;
      const counts = out.get(r.rideId) ?? {};
      counts[r.status] = Number(r.n);
      out.set(r.rideId, counts);
    }
    return out;
  }

  /** GET payment/rides: a page source for paginate(). */
  list(q: RideListQuery): PageSource<PaymentRideRow> {
    return {
      count: async () => {
        const [row] = await this.db
          .select({ n: count() })
          .from(rides)
          .innerJoin(captains, eq(captains.id, rides.captainId))
          .leftJoin(cars, eq(cars.id, rides.carId))
          .where(this.where(q.search));
        return Number(row?.n ?? 0);
      },
      rows: (limit, offset) => this.page(q, limit, offset),
    };
  }

  /** Every row of the filter (CSV export). */
  all(q: RideListQuery): Promise<PaymentRideRow[]> {
    return this.page(q);
  }

  /** GET payment/ride/{id}/bookings: the ride's bookings (with payments), 404 for an unknown ride. */
  async rideBookings(rideId: number): Promise<BookingDto[]> {
    const [ride] = await this.db.select({ id: rides.id }).from(rides).where(eq(rides.id, rideId));
    if (!ride) throw notFound(PAYMENTS_MSG.rideNotFound);
    const rows = await this.db
      .select()
      .from(bookings)
      .where(eq(bookings.rideId, rideId))
      .orderBy(asc(bookings.datetime), asc(bookings.id));
    return presentBookings(this.db, rows, { detail: true });
  }
}

/** CSV of the rides list: the columns the page shows. */
export function ridesCsv(rows: PaymentRideRow[]): string {
  const cell = (value: string | number): string => {
    const text = String(value);
    const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n;]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const header = [
    'id',
    PAYMENTS_MSG.created,
    PAYMENTS_MSG.captain,
    PAYMENTS_MSG.car,
    PAYMENTS_MSG.bookings,
    PAYMENTS_MSG.total,
    PAYMENTS_MSG.statuses,
  ];
  const lines = [header.map(cell).join(',')];
  for (const r of rows) {
    lines.push(
      [r.id, r.created_at, r.captain_label, r.car_label, r.bookings_count, r.total.toFixed(2), r.statuses_label]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
