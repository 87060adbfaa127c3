import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { statementsTakeTurns } from '../src/db/pglite-turns';
import { csvBatch, keysetBatches } from '../src/http/csv';

/**
 * Long work never holds the loop that serves requests (bench/stall.ts measures it): the embedded engine's
 * statements each wait for a turn of the event loop, and an export's batches shrink when their statement is slow.
 */
describe('the embedded engine takes turns with the event loop', () => {
  it('lets the loop run between two statements asked for together, in the order they were asked', async () => {
    const client = await PGlite.create();
    try {
      statementsTakeTurns(client);
      const order: string[] = [];
      const first = client.query('select 1').then(() => {
        order.push('first');
        setImmediate(() => order.push('the loop'));
      });
      const second = client.query('select 2').then(() => order.push('second'));
      const third = client.transaction(async (tx) => {
        await tx.query('select 3');
        order.push('transaction');
      });
      await Promise.all([first, second, third]);
      // Without the turns PGlite hands its lock to the next statement in a microtask: first, second, the loop.
      expect(order).toEqual(['first', 'the loop', 'second', 'transaction']);
    } finally {
      await client.close();
    }
  });

  it('keeps the queue going after a statement fails', async () => {
    const client = await PGlite.create();
    try {
      statementsTakeTurns(client);
      const failed = client.query('select * from no_such_table').then(
        () => 'answered',
        () => 'refused',
      );
      const next = client.query<{ n: number }>('select 2 as n');
      expect(await failed).toBe('refused');
      expect((await next).rows[0].n).toBe(2);
    } finally {
      await client.close();
    }
  });
});

describe("an export's batches follow their statements' time", () => {
  const saved = { ...csvBatch };
  afterEach(() => Object.assign(csvBatch, saved));

  /** The limits asked for while reading `rows` rows of a fake table. */
  async function limitsFor(rows: number): Promise<number[]> {
    const limits: number[] = [];
    let served = 0;
    const keys = [{ expr: sql`id`, descending: false, notNull: true }];
    for await (const _ of keysetBatches<{ id: number }>(keys, async ({ limit }) => {
      limits.push(limit);
      const n = Math.min(limit, rows - served);
      const batch = Array.from({ length: n }, (_, i) => ({ id: served + i + 1, k0: String(served + i + 1) }));
      served += n;
      return batch;
    })) {
      // Each batch is consumed as an export would.
    }
    return limits;
  }

  it('grows from a small first batch up to the bound while statements are quick', async () => {
    csvBatch.targetMs = Number.POSITIVE_INFINITY;
    expect(await limitsFor(3000)).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('halves down to a floor while statements are over the target', async () => {
    csvBatch.targetMs = -1;
    expect(await limitsFor(250)).toEqual([100, 50, 25, 20, 20, 20, 20]);
  });
});
