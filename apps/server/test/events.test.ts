import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { jobs } from '../src/db/schema';
import { EventBus } from '../src/events/bus';

let database: Database;
beforeAll(async () => {
  database = await openDatabase();
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
});

function makeBus() {
  const warnings: unknown[] = [];
  const seen: string[] = [];
  let contexts = 0;
  const bus = new EventBus({
    db: database.db,
    log: { warn: (obj: unknown) => void warnings.push(obj) },
    context: () => ({ n: ++contexts }),
  });
  return { bus, seen, warnings, contexts: () => contexts };
}

describe('domain event bus', () => {
  it('runs after-commit handlers in recorded order, with one context per command', async () => {
    const { bus, seen } = makeBus();
    bus.after('booking.updated', ({ bookingId }, ctx) => void seen.push(`updated ${bookingId} ctx${ctx.n}`));
    bus.after(
      'captain.stateChanged',
      ({ captainId, state }, ctx) => void seen.push(`${captainId} ${state} ctx${ctx.n}`),
    );
    const { result } = await bus.transact(async (_tx, record) => {
      record('captain.stateChanged', { captainId: 7, state: 'TO_PICKUP' });
      record('booking.updated', { bookingId: 3 });
      // Nothing is published while the transaction is open.
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['7 TO_PICKUP ctx1', 'updated 3 ctx1']);
  });

  it('runs `within` handlers inside the transaction: their writes commit with the command', async () => {
    const { bus } = makeBus();
    bus.within('booking.besoinRenewed', async ({ bookingId, besoinDate }, tx) => {
      await tx.insert(jobs).values({ kind: 'test.within', payload: { booking_id: bookingId }, runAt: besoinDate });
    });
    await bus.transact(async (_tx, record) =>
      record('booking.besoinRenewed', { bookingId: 41, besoinDate: new Date() }),
    );
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.within'));
    expect(rows.map((r) => r.payload)).toEqual([{ booking_id: 41 }]);
  });

  it('a failed transaction publishes nothing and rolls back what its handlers wrote', async () => {
    const { bus, seen } = makeBus();
    bus.within('booking.besoinRenewed', async ({ bookingId, besoinDate }, tx) => {
      await tx.insert(jobs).values({ kind: 'test.rolled_back', payload: { booking_id: bookingId }, runAt: besoinDate });
    });
    bus.after('booking.besoinRenewed', () => void seen.push('after'));
    bus.after('booking.updated', () => void seen.push('after'));
    await expect(
      bus.transact(async (tx, record) => {
        record('booking.updated', { bookingId: 5 });
        record('booking.besoinRenewed', { bookingId: 5, besoinDate: new Date() });
        await tx.insert(jobs).values({ kind: 'test.rolled_back', payload: {}, runAt: new Date() });
        throw new Error('conflict');
      }),
    ).rejects.toThrow('conflict');
    expect(seen).toEqual([]);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'test.rolled_back'))).toEqual([]);
  });

  it('a failing within handler fails the command; a failing after handler is logged and the others still run', async () => {
    const { bus, seen, warnings } = makeBus();
    bus.within('booking.dispatched', async () => {
      throw new Error('timer refused');
    });
    bus.after('booking.dispatched', () => void seen.push('dispatched'));
    await expect(
      bus.transact(async (_tx, record) =>
        record('booking.dispatched', { bookingId: 1, captainId: 2, rideId: 3, datetime: new Date() }),
      ),
    ).rejects.toThrow('timer refused');
    expect(seen).toEqual([]);

    bus.after('booking.cancelled', () => {
      throw new Error('socket down');
    });
    bus.after('booking.cancelled', () => void seen.push('cancelled'));
    await bus.transact(async (_tx, record) => record('booking.cancelled', { bookingId: 1, to: 'SYSTEM_CANCELLED' }));
    expect(seen).toEqual(['cancelled']);
    expect(warnings).toHaveLength(1);
  });
});
