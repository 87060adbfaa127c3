import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DbOrTx, independentQueries } from '../src/db/client';
import { testAppForFile } from './helpers';

const t = testAppForFile();

/** Two queries that log when each starts and ends. */
function loggedQueries(db: DbOrTx, log: string[]) {
  const query = (name: string) => async () => {
    log.push(`${name} start`);
    const result = await db.execute(sql`select pg_sleep(0.02), ${name}::text as name`);
    log.push(`${name} end`);
    return result;
  };
  return [query('a'), query('b')] as const;
}

describe('independentQueries', () => {
  it('runs the queries side by side on the pool', async () => {
    const log: string[] = [];
    await independentQueries(t.db, loggedQueries(t.db, log));
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('runs them one after the other in a transaction (one connection), answers in order', async () => {
    const log: string[] = [];
    const [a, b] = await t.db.transaction((tx) => independentQueries(tx, loggedQueries(tx, log)));
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect([
      (a as { rows: { name: string }[] }).rows[0].name,
      (b as { rows: { name: string }[] }).rows[0].name,
    ]).toEqual(['a', 'b']);
  });
});
