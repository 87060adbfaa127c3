import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intArray } from '../../db/number-arrays';
import { bookingReportFacts } from '../../db/schema';
import { accumulate, contribution, dayKeys, type Fact, hourKeys, loadFacts, type Measures } from './facts';
import { addToAggregates, addToCancellations, cancellationKey, saveFacts } from './write';

const sameFact = (a: Fact, b: Fact) =>
  (Object.keys(a) as (keyof Fact)[]).every((k) => {
    const x = a[k];
    const y = b[k];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });

/**
 * Brings the aggregates up to date with these bookings, inside the transaction that changed them: each
 * booking's last contribution (its stored fact) is taken out and the new one put in, as increments.
 */
export async function refreshAggregates(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const idList = intArray(ids);
  const fresh = await loadFacts(tx, sql`b.id = any(${idList})`, true);
  const stored = await tx
    .select()
    .from(bookingReportFacts)
    .where(inArray(bookingReportFacts.bookingId, [...ids]));
  const before = new Map(stored.map((f) => [f.bookingId, f]));
  const hours = new Map<string, Measures>();
  const days = new Map<string, Measures>();
  const cancels = new Map<string, number>();
  const changed: Fact[] = [];
  const apply = (f: Fact, sign: 1 | -1) => {
    const m = contribution(f);
    for (const key of hourKeys(f)) accumulate(hours, key, m, sign);
    for (const key of dayKeys(f)) accumulate(days, key, m, sign);
    if (f.reasonKind) cancels.set(cancellationKey(f), (cancels.get(cancellationKey(f)) ?? 0) + sign);
  };
  for (const f of fresh) {
    const old = before.get(f.bookingId);
    if (old && sameFact(old, f)) continue;
    if (old) apply(old, -1);
    apply(f, 1);
    changed.push(f);
  }
  if (changed.length === 0) return;
  const nonZero = (rows: Map<string, Measures>) =>
    new Map([...rows].filter(([, m]) => Object.values(m).some((v) => v !== 0)));
  await addToAggregates(tx, 'hour', nonZero(hours));
  await addToAggregates(tx, 'day', nonZero(days));
  await addToCancellations(tx, cancels);
  await saveFacts(tx, changed);
}
