import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('runs due jobs once, leaves future ones, retries failures', async () => {
  // The demo seed schedules timers of its own (live bookings): start from an empty queue.
  await t.db.delete(jobs);
  const ran: unknown[] = [];
  t.app.jobs.register<{ n: number }>('test.ok', async (payload) => {
    ran.push(payload.n);
  });
  let failures = 0;
  t.app.jobs.register('test.fail', async () => {
    failures++;
    throw new Error('boom');
  });
  await t.app.jobs.schedule('test.ok', { n: 1 });
  const future = await t.app.jobs.schedule('test.ok', { n: 2 }, new Date(Date.now() + 60_000));
  const failing = await t.app.jobs.schedule('test.fail', {});
  await t.app.jobs.schedule('test.unknown', {});

  expect(await t.app.jobs.runDue()).toBe(2);
  expect(ran).toEqual([1]);
  expect(failures).toBe(1);
  expect(await t.app.jobs.runDue()).toBe(0); // done, future, and backing off

  const [failed] = await t.db.select().from(jobs).where(eq(jobs.id, failing));
  expect(failed).toMatchObject({ attempts: 1, lastError: 'boom', doneAt: null, lockedAt: null });

  await t.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, future));
  expect(await t.app.jobs.runDue()).toBe(1);
  expect(ran).toEqual([1, 2]);
});

it('schedule() joins the caller transaction (rolled back → no job)', async () => {
  await t.db
    .transaction(async (tx) => {
      await t.app.jobs.schedule('test.ok', { n: 3 }, new Date(), tx);
      throw new Error('rollback');
    })
    .catch(() => {});
  const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'test.ok'));
  expect(rows.some((r) => (r.payload as { n: number }).n === 3)).toBe(false);
});
