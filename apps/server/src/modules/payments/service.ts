import {
  type BookingDto,
  COUNTED_PAYMENT_STATUS,
  PAYMENTS_MSG,
  type PaymentRideRow,
  type PaymentRideSort,
} from '@taxi/shared';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, captains, cars, payments, rides } from '../../db/schema';
import { type KeysetKey, keysetBatches, keysetCursor, keysetOrder } from '../../http/csv';
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

  /** The list's order as keyset keys (the export reads it in batches after the last row's keys). */
  private keys(q: RideListQuery): KeysetKey[] {
    const descending = q.descending;
    const id = { expr: rides.id, descending };
    if (q.sortBy === 'created_at') return [{ expr: rides.createdAt, descending }, id];
    if (q.sortBy === 'total') return [{ expr: doneTotal, descending, notNull: true }, id];
    return [id];
  }

  private async page(
    q: RideListQuery,
    { limit, offset = 0, after }: { limit?: number; offset?: number; after?: SQL } = {},
  ): Promise<(PaymentRideRow & Record<`k${number}`, string | null>)[]> {
    const keys = this.keys(q);
    const base = this.db
      .select({
        id: rides.id,
        createdAt: rides.createdAt,
        captainId: captains.id,
        captainName,
        carNumber: cars.number,
        bookingsCount,
        total: doneTotal,
        ...keysetCursor(keys),
      })
      .from(rides)
      .innerJoin(captains, eq(captains.id, rides.captainId))
      .leftJoin(cars, eq(cars.id, rides.carId))
      .where(and(this.where(q.search), after))
      .orderBy(...keysetOrder(keys))
      .offset(offset);
    const rows = limit === undefined ? await base : await base.limit(limit);
    const statuses = await this.paymentStatuses(rows.map((r) => r.id));
    return rows.map((r) => {
      const counts = statuses.get(r.id) ?? {};
      const keyText = r as unknown as Record<string, string | null>;
      const cursor = Object.fromEntries(keys.map((_, i) => [`k${i}`, keyText[`k${i}`]]));
      return {
        ...cursor,
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
        // Without a search the joins change nothing (every ride has its captain, a car or none): rides alone are
        // counted, a third of the work (the export counts before it streams, on the embedded engine in this thread).
        if (!q.search) {
          const [row] = await this.db.select({ n: count() }).from(rides);
          return Number(row?.n ?? 0);
        }
        const [row] = await this.db
          .select({ n: count() })
          .from(rides)
          .innerJoin(captains, eq(captains.id, rides.captainId))
          .leftJoin(cars, eq(cars.id, rides.carId))
          .where(this.where(q.search));
        return Number(row?.n ?? 0);
      },
      rows: async (limit, offset) =>
        (await this.page(q, { limit, offset })).map(({ k0: _k0, k1: _k1, ...row }) => row as PaymentRideRow),
    };
  }

  /** Every row of the filter (CSV export), read in keyset batches: never the whole list in memory. */
  batches(q: RideListQuery): AsyncGenerator<PaymentRideRow[]> {
    return keysetBatches(this.keys(q), ({ after, limit }) => this.page(q, { limit, after }));
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

/** The CSV export's columns: those the page shows. */
export const RIDES_CSV_HEADER = [
  'id',
  PAYMENTS_MSG.created,
  PAYMENTS_MSG.captain,
  PAYMENTS_MSG.car,
  PAYMENTS_MSG.bookings,
  PAYMENTS_MSG.total,
  PAYMENTS_MSG.statuses,
];

/** One ride as a CSV record (csvLine of http/csv quotes and defuses the cells). */
export const ridesCsvRow = (r: PaymentRideRow) => [
  r.id,
  r.created_at,
  r.captain_label,
  r.car_label,
  r.bookings_count,
  r.total.toFixed(2),
  r.statuses_label,
];
