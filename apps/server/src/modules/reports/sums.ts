import { WAIT_BUCKETS } from '@taxi/shared';
import { type SQL, sql } from 'drizzle-orm';
import { bookingAggregates, type bookingAggregatesDaily } from '../../db/schema';
import { MEASURES, type Measure, type Measures, zeroMeasures } from './facts';

type AggTable = typeof bookingAggregates | typeof bookingAggregatesDaily;

/** `sum(column) as "measure"` for these measures of the table (bigint sums read back as numbers). */
export function measureSums(table: AggTable, measures: readonly Measure[] = MEASURES): SQL {
  return sql.join(
    measures.map((m) => sql`coalesce(sum(${table[m as keyof AggTable] as never}), 0)::float8 as ${sql.identifier(m)}`),
    sql`, `,
  );
}

/** A row of sums as numbers. */
export function toMeasures(row: Record<string, unknown>): Measures {
  const out = zeroMeasures();
  for (const m of MEASURES) out[m] = Number(row[m] ?? 0);
  return out;
}

export const waitCounts = (m: Measures): number[] =>
  Array.from({ length: WAIT_BUCKETS }, (_, i) => m[`w${i}` as keyof Measures]);

export const hourlyTable = bookingAggregates;
