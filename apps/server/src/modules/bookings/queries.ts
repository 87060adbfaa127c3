import {
  BOOKING_MSG,
  CANCELLED_STATUSES,
  cityDayEnd,
  cityLocalToDate,
  DB_ID_MAX,
  dbId,
  FINISHED_STATUSES,
  groupOrderSchema,
  phoneSearch,
  REQUESTED_BY_VALUES,
  SEARCH_MAX,
  STATUS_GROUPS,
  type StatusGroup,
  text,
} from '@taxi/shared';
import { and, eq, getTableColumns, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { intArray } from '../../db/number-arrays';
import { phoneMatch } from '../../db/phone-match';
import { bookings, captains, cars, passengers, rides, sectors } from '../../db/schema';
import { type KeysetKey, keysetAfter, keysetCursor, keysetOrder } from '../../http/csv';
import { HttpError, validationError } from '../../http/errors';
import type { BookingRow } from './presenter';

const optionalTrimmed = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  text(SEARCH_MAX).optional(),
);
const localDate = optionalTrimmed.refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), 'YYYY-MM-DD');
const page = z.coerce.number().int().min(1).max(1_000_000).default(1);

/**
 * The board's next page starts after this cursor (the last row's order keys as PostgreSQL's text, in
 * base64url JSON, as the previous page's next_page_url gives it): a page never skips or repeats a booking
 * because others were added or removed above it meanwhile, as an offset would.
 */
const boardCursor = z
  .string()
  .max(400)
  .transform((raw, ctx) => {
    try {
      const values = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
      if (Array.isArray(values) && values.every((v) => typeof v === 'string' && v.length <= 64)) return values;
    } catch {
      // falls through to the issue
    }
    ctx.addIssue({ code: 'custom', message: 'not a cursor of this list' });
    return z.NEVER;
  });

/** GET booking (the Requests board). */
export const boardQuerySchema = z.object({
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  /** The tab; none is the active bookings, or every booking of a `group_order`. */
  group: z.enum(Object.keys(STATUS_GROUPS) as [StatusGroup, ...StatusGroup[]]).optional(),
  search: optionalTrimmed,
  /** The orders of one group (booking-groups.ts): the phone booking's list with `grouper`. */
  group_order: z.preprocess((v) => (v === '' ? undefined : v), groupOrderSchema.optional()),
  service_id: dbId().optional(),
  origin: z.enum(['app', 'dashboard', 'phone']).optional(),
  /** 1 = immediate orders only, 0 = scheduled ones only (the reservations list). */
  now: z.enum(['0', '1']).optional(),
  captain_id: dbId().optional(),
  from_date: localDate,
  to_date: localDate,
  after: boardCursor.optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** GET booking/search: the 7 filter keys of bookings.md §2 plus dates. */
export const searchQuerySchema = z.object({
  page,
  perPage: z.coerce.number().int().min(1).max(100).default(15),
  customer: optionalTrimmed,
  driver: optionalTrimmed,
  pickup_sector: optionalTrimmed,
  dropoff_sector: optionalTrimmed,
  order_id: optionalTrimmed.refine(
    (v) => v === undefined || (/^#?\d+$/.test(v) && Number(v.replace('#', '')) <= DB_ID_MAX),
    'must be a number',
  ),
  requested_by: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
    z.enum(REQUESTED_BY_VALUES).optional(),
  ),
  car: optionalTrimmed,
  from_date: localDate,
  to_date: localDate,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** `%text%` for ILIKE, with the pattern characters escaped. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// `column = ANY(ARRAY(subquery))` rather than `IN (subquery)`: the array is computed once (an initplan), so
// the condition can use the booking's index and be OR-ed with other indexed conditions in a bitmap scan.
const anyOf = (column: typeof bookings.passengerId | typeof bookings.rideId, subquery: SQL): SQL =>
  sql`${column} = ANY(ARRAY(${subquery}))`;

/** A resolved id list larger than this stays a subquery (a literal array of it would cost more than it saves). */
const RESOLVED_IDS_MAX = 5_000;

/** `column = ANY('{…}'::int[])`: unlike an initplan's array, the planner sees how many ids there are. */
const idsLiteral = (
  column: typeof bookings.id | typeof bookings.passengerId | typeof bookings.rideId,
  ids: readonly number[],
) => sql`${column} = ANY(${intArray(ids)})`;

/**
 * A text that reads as a phone number (phoneSearch: national, spaced, international or a part of one) is also
 * looked for among the numbers' digits; a text with a letter is not (a trigram scan of 100,000 numbers that
 * cannot match cost about 10 ms of the board's search).
 */
const passengerText = (text: string) => {
  const name = sql`(${passengers.firstName} || ' ' || ${passengers.lastName}) ilike ${like(text)}`;
  const phone = phoneSearch(text);
  return phone ? sql`${name} or ${phoneMatch(passengers.phoneNumber, phone)}` : name;
};
const passengerMatches = (text: string) =>
  anyOf(bookings.passengerId, sql`select ${passengers.id} from ${passengers} where ${passengerText(text)}`);
const captainText = (text: string) => {
  const name = sql`(${captains.firstName} || ' ' || ${captains.lastName}) ilike ${like(text)}`;
  const phone = phoneSearch(text);
  return phone ? sql`${name} or ${phoneMatch(captains.phoneNumber, phone)}` : name;
};
const captainMatches = (text: string) =>
  anyOf(
    bookings.rideId,
    sql`select ${rides.id} from ${rides} join ${captains} on ${captains.id} = ${rides.captainId} where ${captainText(text)}`,
  );
const plateMatches = (text: string) =>
  anyOf(
    bookings.rideId,
    sql`select ${rides.id} from ${rides} join ${cars} on ${cars.id} = ${rides.carId} where ${cars.number} ilike ${like(text)}`,
  );

/**
 * `ride_id = ANY('{…}'::int[])` with the rides already fetched: unlike an initplan's array, the planner
 * sees how many they are. The few rides of one captain are then read through the ride index and sorted
 * (about 1 ms), where an array of unknown size made it walk the whole history by date (about 25 ms).
 */
async function rideIdsMatching(db: DbOrTx, by: 'captain' | 'plate', text: string): Promise<SQL> {
  const rows =
    by === 'captain'
      ? await db
          .select({ id: rides.id })
          .from(rides)
          .innerJoin(captains, eq(captains.id, rides.captainId))
          .where(captainText(text))
      : await db
          .select({ id: rides.id })
          .from(rides)
          .innerJoin(cars, eq(cars.id, rides.carId))
          .where(ilike(cars.number, like(text)));
  return idsLiteral(
    bookings.rideId,
    rows.map((r) => r.id),
  );
}
/** The passengers' ids resolved first, for the same reason as rideIdsMatching (count and page both use them). */
async function passengerIdsMatching(db: DbOrTx, text: string): Promise<SQL> {
  const rows = await db
    .select({ id: passengers.id })
    .from(passengers)
    .where(passengerText(text))
    .limit(RESOLVED_IDS_MAX + 1);
  return rows.length > RESOLVED_IDS_MAX
    ? passengerMatches(text)
    : idsLiteral(
        bookings.passengerId,
        rows.map((r) => r.id),
      );
}
const sectorMatches = (column: typeof bookings.pickupSectorId | typeof bookings.dropoffSectorId, value: string) =>
  /^\d+$/.test(value)
    ? eq(column, Number(value))
    : sql`${column} = ANY(ARRAY(select ${sectors.id} from ${sectors} where ${sectors.name} ilike ${like(value)}))`;

function dateRange(field: 'from_date' | 'to_date', value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  const start = cityLocalToDate(value);
  if (!start) throw validationError(field, 'YYYY-MM-DD');
  if (field === 'from_date') return gte(bookings.datetime, start);
  // to_date is inclusive: before the next local midnight
  return lt(bookings.datetime, cityDayEnd(value) as Date);
}

/**
 * The board's free-text search: order id, passenger or captain (name, phone), plate, or place name.
 * Each part finds booking ids through its own index. Their union is looked up once, before the page's
 * count and rows (which would each run it again), and handed to both as a literal list, so the planner
 * fetches those bookings by primary key instead of filtering the whole (history) table. A text that
 * matches very many bookings keeps the union as a subquery.
 */
async function boardTextMatches(db: DbOrTx, text: string, { passengers: byPassenger }: Viewer): Promise<SQL> {
  const pattern = like(text);
  const parts: SQL[] = [
    // A role that reads no passenger does not find bookings by their passengers (a search is a read too).
    ...(byPassenger ? [sql`select ${bookings.id} from ${bookings} where ${passengerMatches(text)}`] : []),
    sql`select ${bookings.id} from ${bookings} where ${captainMatches(text)}`,
    sql`select ${bookings.id} from ${bookings} where ${plateMatches(text)}`,
    sql`select ${bookings.id} from ${bookings} where ${bookings.pickUpLocationName} ilike ${pattern}`,
    sql`select ${bookings.id} from ${bookings} where ${bookings.pullDownLocationName} ilike ${pattern}`,
  ];
  if (/^\d{1,9}$/.test(text)) parts.unshift(sql`select ${Number(text)}::int as id`);
  // Each part on a connection of its own, at the same time: the search costs its slowest part, not their sum
  // (measured at 1M bookings: 9.5 ms for the union in one statement).
  const found = await Promise.all(
    parts.map((part) =>
      db
        .select({ id: sql<number>`found.id` })
        .from(sql`(${part}) as found`)
        .limit(RESOLVED_IDS_MAX + 1),
    ),
  );
  const ids = new Set(found.flat().map((r) => Number(r.id)));
  return ids.size > RESOLVED_IDS_MAX
    ? sql`${bookings.id} = ANY(ARRAY(${sql.join(parts, sql` union `)}))`
    : idsLiteral(bookings.id, [...ids]);
}

/** What the caller may search by: a role that reads no passenger (BOOKING_PASSENGER_VIEW) does not search passengers. */
export interface Viewer {
  passengers: boolean;
}

export async function boardWhere(
  db: DbOrTx,
  q: BoardQuery,
  viewer: Viewer,
): Promise<{ where: SQL | undefined; newestFirst: boolean }> {
  // A group's list is every order of the group, whatever its status, unless a tab is asked for too.
  const group = q.group ?? (q.group_order ? null : 'all');
  const conditions: (SQL | undefined)[] = group ? [inArray(bookings.status, [...STATUS_GROUPS[group]])] : [];
  if (q.group_order) conditions.push(eq(bookings.groupOrder, q.group_order));
  if (q.service_id) conditions.push(eq(bookings.serviceId, q.service_id));
  if (q.origin) conditions.push(eq(bookings.origin, q.origin));
  if (q.now) conditions.push(eq(bookings.now, q.now === '1'));
  if (q.captain_id)
    conditions.push(
      anyOf(bookings.rideId, sql`select ${rides.id} from ${rides} where ${rides.captainId} = ${q.captain_id}`),
    );
  conditions.push(dateRange('from_date', q.from_date), dateRange('to_date', q.to_date));
  if (q.search) conditions.push(await boardTextMatches(db, q.search.replace(/^#/, ''), viewer));
  const newestFirst = group === 'finished' || group === 'cancelled';
  return { where: and(...conditions), newestFirst };
}

/** The advanced search's conditions; the captain's and the plate's rides are looked up first (see rideIdsMatching). */
export async function searchWhere(db: DbOrTx, q: SearchQuery, viewer: Viewer): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [];
  if (q.customer && !viewer.passengers) throw new HttpError(403, BOOKING_MSG.noPassengerSearch);
  if (q.customer) conditions.push(await passengerIdsMatching(db, q.customer));
  if (q.driver) conditions.push(await rideIdsMatching(db, 'captain', q.driver));
  if (q.pickup_sector) conditions.push(sectorMatches(bookings.pickupSectorId, q.pickup_sector));
  if (q.dropoff_sector) conditions.push(sectorMatches(bookings.dropoffSectorId, q.dropoff_sector));
  if (q.order_id) conditions.push(eq(bookings.id, Number(q.order_id.replace('#', ''))));
  if (q.requested_by === 'APP') conditions.push(eq(bookings.origin, 'app'));
  if (q.requested_by === 'DASHBOARD') conditions.push(inArray(bookings.origin, ['dashboard', 'phone']));
  if (q.car) conditions.push(await rideIdsMatching(db, 'plate', q.car));
  conditions.push(dateRange('from_date', q.from_date), dateRange('to_date', q.to_date));
  return and(...conditions);
}

/** Totals of booking lists are counted up to this many rows. */
export const COUNT_CAP = 1_000;

/** boardTier (packages/shared) in SQL: 0 unassigned, 1 other pending, 2 other active orders. */
const boardTierSql = sql<number>`(case when ${bookings.status} = 'PENDING' then (case when ${bookings.unassignedAt} is null then 1 else 0 end) else 2 end)`;

/**
 * The Requests board's order (compareBoard in packages/shared) as keyset keys: the active tabs by tier, then
 * the nearest time, then id; the history tabs newest first.
 */
export function boardOrderKeys(newestFirst: boolean): KeysetKey[] {
  return newestFirst
    ? [
        { expr: bookings.datetime, descending: true },
        { expr: bookings.id, descending: true },
      ]
    : [
        { expr: boardTierSql, descending: false, notNull: true },
        { expr: bookings.datetime, descending: false },
        { expr: bookings.id, descending: false },
      ];
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2}){0,2}$/;

/** A timestamp as PostgreSQL writes it (`2026-11-23 10:00:00.123456+00`), a real date and time. */
function isTimestampText(text: string): boolean {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s, , oh] = m.slice(1).map((part) => Number(part));
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60 && oh <= 15;
}

/** The cursor's values checked against the keys (422 otherwise): each is compared as its key's type. */
export function boardCursorValues(keys: readonly KeysetKey[], values: readonly string[]): string[] {
  const valid =
    values.length === keys.length &&
    values.every((value, i) => {
      const key = keys[i].expr;
      if (key === bookings.datetime) return isTimestampText(value);
      if (key === bookings.id) return /^\d{1,10}$/.test(value) && Number(value) <= DB_ID_MAX;
      return /^[0-2]$/.test(value);
    });
  if (!valid) throw validationError('after', 'not a cursor of this list');
  return [...values];
}

/** The cursor after a row (the next page's `after`). */
export function encodeBoardCursor(row: Record<`k${number}`, string | null>, keys: readonly KeysetKey[]): string {
  return Buffer.from(JSON.stringify(keys.map((_, i) => row[`k${i}`] ?? ''))).toString('base64url');
}

/**
 * A page source over bookings for paginate(), in `keys`' order (by time then id unless given): with `after`
 * (validated cursor values) it reads the rows after them instead of an offset. Each row carries its keys as
 * text (`k0`, `k1`…), for the next page's cursor.
 */
export function bookingPageSource(
  db: DbOrTx,
  where: SQL | undefined,
  newestFirst: boolean,
  {
    keys = [
      { expr: bookings.datetime, descending: newestFirst },
      { expr: bookings.id, descending: newestFirst },
    ],
    after,
  }: { keys?: readonly KeysetKey[]; after?: readonly string[] } = {},
) {
  const cursor = keysetCursor(keys);
  return {
    // Counting a million finished bookings costs more than the page itself: the total is exact up to
    // COUNT_CAP and reported as COUNT_CAP beyond it (paging still reaches every row through next_page_url).
    count: async () => {
      const capped = db
        .select({ one: sql`1` })
        .from(bookings)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('capped');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
      return Math.min(Number(row.n), COUNT_CAP);
    },
    countCap: COUNT_CAP,
    rows: (limit: number, offset: number): Promise<(BookingRow & Record<`k${number}`, string | null>)[]> =>
      db
        .select({ ...getTableColumns(bookings), ...cursor })
        .from(bookings)
        .where(after ? and(where, keysetAfter(keys, after)) : where)
        .orderBy(...keysetOrder(keys))
        .limit(limit)
        .offset(after ? 0 : offset),
  };
}

export const FINAL_GROUP_STATUSES = [...FINISHED_STATUSES, ...CANCELLED_STATUSES];
