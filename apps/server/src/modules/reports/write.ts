import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookingAggregateCancellations,
  bookingAggregates,
  bookingAggregatesDaily,
  bookingReportFacts,
} from '../../db/schema';
import { type Fact, MEASURES, type Measures, parseKey } from './facts';

type AggTable = typeof bookingAggregates | typeof bookingAggregatesDaily;

const increments = (table: AggTable) => {
  const cols = getTableColumns(table) as unknown as Record<string, { name: string }>;
  return Object.fromEntries(
    MEASURES.map((m) => [
      m,
      sql`${sql.identifier(getTableName(table))}.${sql.identifier(cols[m].name)} + excluded.${sql.identifier(cols[m].name)}`,
    ]),
  ) as Record<string, SQL>;
};

/**
 * Adds each row's measures to the hourly or daily table (insert, or increment on conflict), keys in a
 * fixed order so that two transactions never wait on each other's rows crosswise; rows a decrement left
 * empty (no booking) are removed.
 */
export async function addToAggregates(db: DbOrTx, period: 'hour' | 'day', rows: Map<string, Measures>): Promise<void> {
  if (rows.size === 0) return;
  const table: AggTable = period === 'hour' ? bookingAggregates : bookingAggregatesDaily;
  const at = period === 'hour' ? bookingAggregates.hour : bookingAggregatesDaily.day;
  const values = [...rows.keys()].sort().map((key) => {
    const k = parseKey(key);
    return { [period]: k.at, serviceId: k.serviceId, origin: k.origin, sectorId: k.sectorId, ...rows.get(key) };
  });
  await db
    .insert(table)
    .values(values as (typeof table.$inferInsert)[])
    .onConflictDoUpdate({ target: [at, table.serviceId, table.origin, table.sectorId], set: increments(table) });
  if ([...rows.values()].some((m) => m.bookings < 0))
    await db.execute(sql`delete from ${table} where ${table.bookings} <= 0`);
}

/** Adds cancellation counts per hour and reason (key `hourMs|kind|id`). */
export async function addToCancellations(db: DbOrTx, counts: Map<string, number>): Promise<void> {
  const values = [...counts.entries()]
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => {
      const [hour, reasonKind, reasonId] = key.split('|');
      return { hour: new Date(Number(hour)), reasonKind, reasonId: Number(reasonId), count };
    });
  if (values.length === 0) return;
  const t = bookingAggregateCancellations;
  await db
    .insert(t)
    .values(values)
    .onConflictDoUpdate({
      target: [t.hour, t.reasonKind, t.reasonId],
      set: { count: sql`${t.count} + excluded.count` },
    });
  if (values.some((v) => v.count < 0)) await db.execute(sql`delete from ${t} where ${t.count} <= 0`);
}

export const cancellationKey = (f: Fact) => `${f.hour.getTime()}|${f.reasonKind}|${f.reasonId ?? 0}`;

/** Writes the facts as the bookings' current contribution. */
export async function saveFacts(db: DbOrTx, facts: readonly Fact[]): Promise<void> {
  if (facts.length === 0) return;
  const cols = getTableColumns(bookingReportFacts);
  const set = Object.fromEntries(
    Object.entries(cols)
      .filter(([k]) => k !== 'bookingId')
      .map(([k, c]) => [k, sql.raw(`excluded.${c.name}`)]),
  );
  await db
    .insert(bookingReportFacts)
    .values([...facts])
    .onConflictDoUpdate({ target: bookingReportFacts.bookingId, set });
}
