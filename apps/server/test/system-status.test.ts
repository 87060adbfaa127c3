import { type SystemStatusDto, statusWarnings } from '@taxi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let supervisor: string;
let dispatcher: string;

const status = async (token = admin): Promise<SystemStatusDto> => {
  const res = await call('GET', 'system/status', token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
};

beforeAll(async () => {
  [admin, supervisor, dispatcher] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
  );
});

describe('the debug view: GET system/status', () => {
  it('says which engine answers, how fast, and that no simulator runs in this process', async () => {
    const s = await status();
    expect(s.database.engine).toBe(process.env.TAXI_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
    expect(s.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(s.server.node).toBe(process.version);
    expect(s.server.rss_mb).toBeGreaterThan(0);
    expect(s.realtime.sockets).toBe(0);
    expect(s.simulator).toBeNull();
  });

  it('counts the job queue by kind: due, scheduled, failing, and how late the oldest due one is', async () => {
    const now = t.app.clock.now();
    const before = await status();
    await t.db.insert(jobs).values([
      { kind: 'status_test', runAt: new Date(now - 2 * 3600_000), lastError: 'boom', attempts: 3 },
      { kind: 'status_test', runAt: new Date(now + 3600_000) },
      { kind: 'status_test', runAt: new Date(now - 3600_000), doneAt: new Date(now) },
    ]);
    const after = await status();
    expect(after.jobs.due - before.jobs.due).toBe(1);
    expect(after.jobs.scheduled - before.jobs.scheduled).toBe(1);
    expect(after.jobs.failing - before.jobs.failing).toBe(1);
    expect(after.jobs.by_kind.find((k) => k.kind === 'status_test')).toEqual({
      kind: 'status_test',
      due: 1,
      scheduled: 1,
      failing: 1,
    });
    expect(after.jobs.oldest_due_s).toBeGreaterThanOrEqual(2 * 3600 - 5);
    // The page's warnings come from the same figures.
    expect(statusWarnings(after)).toEqual(expect.arrayContaining(['jobs', 'failing']));
  });

  it('counts the requests answered, refused ones apart', async () => {
    const before = (await status()).http;
    expect((await call('GET', 'system/status', dispatcher)).statusCode).toBe(403);
    expect((await call('GET', 'system/status', null)).statusCode).toBe(401);
    const after = (await status()).http;
    // The two refusals, and the status read between the two readings.
    expect(after.client_errors - before.client_errors).toBe(2);
    expect(after.requests - before.requests).toBe(3);
  });

  it("shows the simulator's figures when one runs in the process", async () => {
    const figures = { captains: 12, bookings: 30, paid: 20, passenger_cancels: 2, captain_cancels: 1, errors: 0 };
    t.app.simulatorStatus = () => figures;
    try {
      expect((await status(supervisor)).simulator).toEqual(figures);
    } finally {
      t.app.simulatorStatus = () => null;
    }
  });
});
