import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * What one booking adds to the aggregates (counts, sums, wait buckets); the same columns in the hourly and
 * the daily table. Bucket i of the waiting time to dispatch counts waits below WAIT_BUCKET_BOUNDS[i]
 * (packages/shared/src/reports/buckets.ts); the last one is open.
 */
const measures = () => ({
  bookings: integer('bookings').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  dispatched: integer('dispatched').notNull().default(0),
  ongoing: integer('ongoing').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  /** Bookings that were dispatched at all, and those the AI dispatched on its own (nobody's click). */
  dispatchedTotal: integer('dispatched_total').notNull().default(0),
  autoDispatched: integer('auto_dispatched').notNull().default(0),
  waitCount: integer('wait_count').notNull().default(0),
  waitSumS: bigint('wait_sum_s', { mode: 'number' }).notNull().default(0),
  w0: integer('wait_b0').notNull().default(0),
  w1: integer('wait_b1').notNull().default(0),
  w2: integer('wait_b2').notNull().default(0),
  w3: integer('wait_b3').notNull().default(0),
  w4: integer('wait_b4').notNull().default(0),
  w5: integer('wait_b5').notNull().default(0),
  w6: integer('wait_b6').notNull().default(0),
  w7: integer('wait_b7').notNull().default(0),
  w8: integer('wait_b8').notNull().default(0),
  w9: integer('wait_b9').notNull().default(0),
  w10: integer('wait_b10').notNull().default(0),
  w11: integer('wait_b11').notNull().default(0),
  w12: integer('wait_b12').notNull().default(0),
  w13: integer('wait_b13').notNull().default(0),
  w14: integer('wait_b14').notNull().default(0),
  etaCount: integer('eta_count').notNull().default(0),
  etaSumMin: bigint('eta_sum_min', { mode: 'number' }).notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  /** Captain time from dispatch to the end of the trip, seconds (utilisation). */
  busyS: bigint('busy_s', { mode: 'number' }).notNull().default(0),
});

/** The dimensions of an aggregate row; sector 0 is "no sector". */
const dimensions = () => ({
  serviceId: integer('service_id').notNull(),
  origin: text('origin').notNull(),
  sectorId: integer('sector_id').notNull().default(0),
});

/**
 * Bookings per hour (of the booking's time; the city's zone has whole-hour offsets, so UTC hours are city
 * hours) × service × origin × pickup sector, maintained in the booking's own transaction, beside each
 * hour's total row (service -1, origin '*', sector -1) that the dashboard reads.
 */
export const bookingAggregates = pgTable(
  'booking_aggregates',
  { hour: ts('hour').notNull(), ...dimensions(), ...measures() },
  (t) => [primaryKey({ columns: [t.hour, t.serviceId, t.origin, t.sectorId] })],
);

/**
 * The same per city day, in two roll-ups: per service and origin with sector -1 (every sector), and per
 * sector with service -1 and origin '*' (every service and origin). A year reads a few thousand rows.
 */
export const bookingAggregatesDaily = pgTable(
  'booking_aggregates_daily',
  { day: ts('day').notNull(), ...dimensions(), ...measures() },
  (t) => [primaryKey({ columns: [t.day, t.serviceId, t.origin, t.sectorId] })],
);

/** Cancellations per hour and reason ('user' or 'captain' reason table; 'none' with reason 0). */
export const bookingAggregateCancellations = pgTable(
  'booking_aggregate_cancellations',
  {
    hour: ts('hour').notNull(),
    reasonKind: text('reason_kind').notNull(),
    reasonId: integer('reason_id').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.reasonKind, t.reasonId] })],
);

/**
 * What each booking last added to the aggregates: a change subtracts it and adds the new one, so the
 * increments stay exact whatever the change (status, time, service, payment).
 */
export const bookingReportFacts = pgTable(
  'booking_report_facts',
  {
    bookingId: integer('booking_id').primaryKey(),
    hour: ts('hour').notNull(),
    day: ts('day').notNull(),
    ...dimensions(),
    status: text('status').notNull(),
    reasonKind: text('reason_kind'),
    reasonId: integer('reason_id'),
    waitS: integer('wait_s'),
    etaMin: integer('eta_min'),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    dispatched: boolean('dispatched').notNull().default(false),
    auto: boolean('auto').notNull().default(false),
    busyS: integer('busy_s'),
  },
  (t) => [index('booking_report_facts_hour_idx').on(t.hour)],
);
