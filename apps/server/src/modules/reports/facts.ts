import {
  AI_ACTOR_ID,
  type BookingStatus,
  CANCELLED_STATUSES,
  cityLocalToDate,
  cityWallClock,
  DISPATCHED_STATUSES,
  FINISHED_STATUSES,
  ONGOING_STATUSES,
  WAIT_BUCKETS,
  waitBucketOf,
} from '@taxi/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { bookingReportFacts } from '../../db/schema';

/** What one booking adds to the aggregates, as stored in booking_report_facts. */
export type Fact = typeof bookingReportFacts.$inferSelect;

interface FactSource {
  id: number;
  datetime: string | Date;
  created_at: string | Date;
  service_id: number;
  origin: string;
  sector_id: number;
  status: string;
  user_reason: number | null;
  captain_reason: number | null;
  eta_captain: number | null;
  dispatched_at: string | Date | null;
  finished_at: string | Date | null;
  dispatcher: number | null;
  revenue_cents: string | number | null;
}

const FINISHED_SQL = sql.raw(FINISHED_STATUSES.map((s) => `'${s}'`).join(','));

/**
 * The facts of the bookings `where` selects, in one statement (the status history, the audit log and
 * the payments read per booking through their indexes). `lock` takes the bookings' rows: two changes of
 * one booking apply their deltas one after the other.
 */
export async function loadFacts(db: DbOrTx, where: SQL, lock = false): Promise<Fact[]> {
  const result = await db.execute(sql`
    select b.id, b.datetime, b.created_at, b.service_id, b.origin, coalesce(b.pickup_sector_id, 0) as sector_id,
      b.status, b.user_cancellation_reason_id as user_reason, b.captain_cancellation_reason_id as captain_reason,
      b.eta_captain,
      (select min(s.created_at) from booking_statuses s where s.booking_id = b.id and s.status = 'APPROVED') as dispatched_at,
      (select min(s.created_at) from booking_statuses s where s.booking_id = b.id and s.status in (${FINISHED_SQL})) as finished_at,
      (select a.actor_id from audit_log a where a.entity = 'booking' and a.entity_id = b.id::text and a.action = 'dispatch'
        order by a.id desc limit 1) as dispatcher,
      (select coalesce(sum(round(p.amount * 100)), 0) from payments p where p.booking_id = b.id and p.status = 'DONE') as revenue_cents
    from bookings b where ${where} ${lock ? sql`for update of b` : sql``}`);
  const rows = (result as unknown as { rows: FactSource[] }).rows;
  const days = new Map<number, Date>();
  return rows.map((r) => toFact(r, days));
}

const ms = (v: string | Date) => (v instanceof Date ? v.getTime() : Date.parse(v));
const HOUR = 3_600_000;

/** The city midnight starting the day of an instant. */
export function cityDayStart(at: number): Date {
  const p = cityWallClock(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return cityLocalToDate(`${p.year}-${two(p.month)}-${two(p.day)}`) as Date;
}

function toFact(r: FactSource, days: Map<number, Date>): Fact {
  const hourMs = Math.floor(ms(r.datetime) / HOUR) * HOUR;
  let day = days.get(hourMs);
  if (!day) {
    day = cityDayStart(hourMs);
    days.set(hourMs, day);
  }
  const status = r.status as BookingStatus;
  const cancelled = CANCELLED_STATUSES.includes(status);
  const dispatchedAt = r.dispatched_at ? ms(r.dispatched_at) : null;
  const due = Math.max(ms(r.created_at), ms(r.datetime));
  const finishedAt = r.finished_at ? ms(r.finished_at) : null;
  let reasonKind: string | null = null;
  let reasonId: number | null = null;
  if (cancelled) {
    if (status === 'CAPTAIN_CANCELLED' && r.captain_reason) [reasonKind, reasonId] = ['captain', r.captain_reason];
    else if (r.user_reason) [reasonKind, reasonId] = ['user', r.user_reason];
    else if (r.captain_reason) [reasonKind, reasonId] = ['captain', r.captain_reason];
    else [reasonKind, reasonId] = ['none', 0];
  }
  return {
    bookingId: r.id,
    hour: new Date(hourMs),
    day,
    serviceId: r.service_id,
    origin: r.origin,
    sectorId: r.sector_id,
    status,
    reasonKind,
    reasonId,
    waitS: dispatchedAt === null ? null : Math.max(0, Math.round((dispatchedAt - due) / 1000)),
    etaMin: dispatchedAt === null ? null : r.eta_captain,
    revenueCents: Number(r.revenue_cents ?? 0),
    dispatched: dispatchedAt !== null,
    auto: dispatchedAt !== null && r.dispatcher === AI_ACTOR_ID,
    busyS:
      dispatchedAt !== null && finishedAt !== null && FINISHED_STATUSES.includes(status)
        ? Math.max(0, Math.round((finishedAt - dispatchedAt) / 1000))
        : null,
  };
}

/** The measure columns' property names (the hourly and the daily table share them). */
export const MEASURES = [
  'bookings',
  'pending',
  'dispatched',
  'ongoing',
  'completed',
  'cancelled',
  'dispatchedTotal',
  'autoDispatched',
  'waitCount',
  'waitSumS',
  ...Array.from({ length: WAIT_BUCKETS }, (_, i) => `w${i}` as const),
  'etaCount',
  'etaSumMin',
  'revenueCents',
  'busyS',
] as const;
export type Measure = (typeof MEASURES)[number];
export type Measures = Record<Measure, number>;

export const zeroMeasures = (): Measures => Object.fromEntries(MEASURES.map((m) => [m, 0])) as Measures;

/** What a fact adds to its aggregate row. */
export function contribution(f: Fact): Measures {
  const m = zeroMeasures();
  const s = f.status as BookingStatus;
  m.bookings = 1;
  if (s === 'PENDING') m.pending = 1;
  else if (DISPATCHED_STATUSES.includes(s)) m.dispatched = 1;
  else if (ONGOING_STATUSES.includes(s)) m.ongoing = 1;
  else if (FINISHED_STATUSES.includes(s)) m.completed = 1;
  else if (CANCELLED_STATUSES.includes(s)) m.cancelled = 1;
  if (f.dispatched) m.dispatchedTotal = 1;
  if (f.auto) m.autoDispatched = 1;
  if (f.waitS !== null) {
    m.waitCount = 1;
    m.waitSumS = f.waitS;
    m[`w${waitBucketOf(f.waitS)}` as Measure] = 1;
  }
  if (f.etaMin !== null) {
    m.etaCount = 1;
    m.etaSumMin = f.etaMin;
  }
  m.revenueCents = f.revenueCents;
  m.busyS = f.busyS ?? 0;
  return m;
}

/** A roll-up row stands for every sector (-1), every service (-1), every origin ('*'). */
export const ALL_SECTORS = -1;
export const ALL_SERVICES = -1;
export const ALL_ORIGINS = '*';

/**
 * The two hourly rows a fact adds to: its own service × origin × sector, and the hour's total (every
 * dimension at its roll-up value), which the dashboard and the hourly statistics read alone.
 */
export const hourKeys = (f: Fact) => [
  `${f.hour.getTime()}|${f.serviceId}|${f.origin}|${f.sectorId}`,
  `${f.hour.getTime()}|${ALL_SERVICES}|${ALL_ORIGINS}|${ALL_SECTORS}`,
];

/**
 * The two daily rows a fact adds to: per service and origin (all sectors), and per sector (all services
 * and origins). A year grouped any way reads a few thousand rows, never the day × every combination.
 */
export const dayKeys = (f: Fact) => [
  `${f.day.getTime()}|${f.serviceId}|${f.origin}|${ALL_SECTORS}`,
  `${f.day.getTime()}|${ALL_SERVICES}|${ALL_ORIGINS}|${f.sectorId}`,
];

export function parseKey(key: string) {
  const [at, serviceId, origin, sectorId] = key.split('|');
  return { at: new Date(Number(at)), serviceId: Number(serviceId), origin, sectorId: Number(sectorId) };
}

/** Adds `sign` × the fact's contribution into `into` under its key. */
export function accumulate(into: Map<string, Measures>, key: string, m: Measures, sign: 1 | -1): void {
  let row = into.get(key);
  if (!row) {
    row = zeroMeasures();
    into.set(key, row);
  }
  for (const k of MEASURES) row[k] += sign * m[k];
}
