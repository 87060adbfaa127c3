import { and, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookingAggregateCancellations,
  bookingAggregates,
  bookingAggregatesDaily,
  bookingReportFacts,
} from '../../db/schema';
import { accumulate, cityDayStart, contribution, dayKeys, hourKeys, loadFacts, type Measures } from './facts';
import { addToAggregates, addToCancellations, cancellationKey, saveFacts } from './write';

const HOUR = 3_600_000;
const BATCH = 500;

/**
 * Recomputes the aggregates of the bookings whose time falls in [from, to) (widened to whole city
 * days, so the daily rows are whole): facts from the bookings, then the hourly, daily and cancellation
 * rows of the period replaced, in one transaction. Without a period: every booking.
 */
export async function rebuildAggregates(db: DbOrTx, period?: { from: Date; to: Date }): Promise<{ bookings: number }> {
  const from = period ? cityDayStart(period.from.getTime()) : new Date(0);
  const to = period ? nextCityDay(period.to) : new Date(Date.UTC(9999, 0));
  const facts = await loadFacts(db, sql`b.datetime >= ${from.toISOString()} and b.datetime < ${to.toISOString()}`);
  const hours = new Map<string, Measures>();
  const days = new Map<string, Measures>();
  const cancels = new Map<string, number>();
  for (const f of facts) {
    const m = contribution(f);
    for (const key of hourKeys(f)) accumulate(hours, key, m, 1);
    for (const key of dayKeys(f)) accumulate(days, key, m, 1);
    if (f.reasonKind) cancels.set(cancellationKey(f), (cancels.get(cancellationKey(f)) ?? 0) + 1);
  }
  await db.transaction(async (tx) => {
    await tx.delete(bookingReportFacts).where(and(gte(bookingReportFacts.hour, from), lt(bookingReportFacts.hour, to)));
    await tx.delete(bookingAggregates).where(and(gte(bookingAggregates.hour, from), lt(bookingAggregates.hour, to)));
    await tx
      .delete(bookingAggregatesDaily)
      .where(and(gte(bookingAggregatesDaily.day, from), lt(bookingAggregatesDaily.day, to)));
    await tx
      .delete(bookingAggregateCancellations)
      .where(and(gte(bookingAggregateCancellations.hour, from), lt(bookingAggregateCancellations.hour, to)));
    for (let i = 0; i < facts.length; i += BATCH) await saveFacts(tx, facts.slice(i, i + BATCH));
    for (const [period, rows] of [['hour', hours] as const, ['day', days] as const]) {
      const entries = [...rows];
      for (let i = 0; i < entries.length; i += BATCH)
        await addToAggregates(tx, period, new Map(entries.slice(i, i + BATCH)));
    }
    // In batches as well: a year of cancellations is tens of thousands of rows, past one statement's parameters.
    const cancelEntries = [...cancels];
    for (let i = 0; i < cancelEntries.length; i += BATCH)
      await addToCancellations(tx, new Map(cancelEntries.slice(i, i + BATCH)));
  });
  return { bookings: facts.length };
}

/** The city midnight after the day of `at` (at itself when it is a midnight). */
function nextCityDay(at: Date): Date {
  const start = cityDayStart(at.getTime());
  if (start.getTime() === at.getTime()) return at;
  return cityDayStart(start.getTime() + 26 * HOUR);
}
