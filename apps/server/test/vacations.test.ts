import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

/** 9 March 2026, a Monday, mid-morning in the city. */
const clock = new ManualClock(Date.parse('2026-03-09T09:00:00Z'));
let t: TestApp;
let admin: string;
let supervisor: string;
let dispatcher: string;
let callcenter: string;
let gov: string;
let staff: number;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [admin, supervisor, dispatcher, callcenter, gov] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
    'callcenter@example.com',
    'gov@example.com',
  );
  [{ n: staff }] = await t.db.select({ n: count() }).from(users).where(eq(users.active, true));
}, 60_000);
afterAll(() => t.close());

const ask = (token: string, from: string, to: string, reason = 'Family holiday') =>
  call('POST', 'vacations', token, { from, to, reason });
const day = async (date: string) => {
  const res = await call('GET', `vacations/coverage?from=${date}&to=${date}`, admin);
  return { ...res.json().data.days[0], threshold: res.json().data.threshold };
};

describe('staff leaves (/vacations)', () => {
  it('401, then 422 with field errors, then a request of one’s own; overlapping ones refused', async () => {
    expect((await call('POST', 'vacations', null, {})).statusCode).toBe(401);
    expect((await call('GET', 'vacations', null)).statusCode).toBe(401);
    const bad = await call('POST', 'vacations', dispatcher, { from: '2026-03-20', to: '2026-03-19', reason: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      to: ['The last day cannot be before the first'],
      reason: ['This field is required'],
    });
    expect(Object.keys((await ask(dispatcher, '20/03/2026', 'x')).json().errors).sort()).toEqual(['from', 'to']);
    expect((await ask(dispatcher, '2026-03-01', '2026-03-02')).json().errors).toEqual({
      from: ['Leave cannot start in the past'],
    });

    const created = await ask(dispatcher, '2026-03-16', '2026-03-20');
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Leave requested');
    expect(created.json().data).toMatchObject({
      user: { name: 'Dario Dispatcher' },
      from: '2026-03-16',
      to: '2026-03-20',
      days: 5,
      status: 'pending',
      decided_by: null,
    });
    expect((await ask(dispatcher, '2026-03-20', '2026-03-22')).json().errors).toEqual({
      from: ['You already asked for leave on some of these days'],
    });
    // Everyone sees their own; those who manage users see everyone's.
    expect((await call('GET', 'vacations', callcenter)).json().data.total).toBe(0);
    expect((await call('GET', 'vacations', dispatcher)).json().data.total).toBe(1);
    expect((await call('GET', 'vacations?month=2026-03', supervisor)).json().data.total).toBe(1);
    expect((await call('GET', 'vacations?mine=1', supervisor)).json().data.total).toBe(0);
    expect((await call('GET', 'vacations?month=2026-02', supervisor)).json().data.total).toBe(0);
    expect((await call('GET', 'vacations?month=2026-13', supervisor)).statusCode).toBe(422);
  });

  it('403 without USERS, for the Goverment role and for one’s own; approve and refuse once', async () => {
    const mine = (await call('GET', 'vacations', dispatcher)).json().data.data[0];
    expect((await call('PUT', `vacations/${mine.id}/approve`, null)).statusCode).toBe(401);
    for (const token of [dispatcher, callcenter, gov]) {
      expect((await call('PUT', `vacations/${mine.id}/approve`, token)).statusCode).toBe(403);
      expect((await call('GET', 'vacations/coverage?from=2026-03-16&to=2026-03-20', token)).statusCode).toBe(403);
    }
    const own = (await ask(supervisor, '2026-04-06', '2026-04-07')).json().data;
    const self = await call('PUT', `vacations/${own.id}/approve`, supervisor);
    expect(self.statusCode).toBe(403);
    expect((await call('PUT', 'vacations/999999/approve', supervisor)).statusCode).toBe(404);
    expect((await call('PUT', `vacations/${own.id}/refuse`, admin, { reason: 7 })).statusCode).toBe(422);

    const approved = await call('PUT', `vacations/${mine.id}/approve`, supervisor);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Leave approved',
      data: { status: 'approved', decided_by: 'Sofia Supervisor' },
    });
    expect((await call('PUT', `vacations/${mine.id}/refuse`, admin, {})).statusCode).toBe(409);
    const refused = await call('PUT', `vacations/${own.id}/refuse`, admin, { reason: 'Inventory week' });
    expect(refused.json().data).toMatchObject({ status: 'refused', refusal_reason: 'Inventory week' });
  });

  it('the planner warns when a day has fewer staff at work than MIN_STAFF_ON_DUTY; the setting moves the warning', async () => {
    // The dispatcher is away from the 16th to the 20th (approved); the call centre asks for the 18th.
    await ask(callcenter, '2026-03-18', '2026-03-18', 'Moving house');
    const before = await day('2026-03-18');
    expect(before).toMatchObject({ on_leave: 1, requested: 1, available: staff - 1, threshold: 4 });
    expect(before.below).toBe(staff - 1 < 4);

    // Threshold just above what the approved leaves leave: the day is below; the 15th (nobody away) is not.
    const set = (n: number) => call('PUT', 'settings/general', admin, { MIN_STAFF_ON_DUTY: n });
    expect((await set(staff)).statusCode).toBe(200);
    expect(await day('2026-03-18')).toMatchObject({ threshold: staff, below: true, below_if_approved: true });
    expect(await day('2026-03-15')).toMatchObject({ available: staff, below: false });
    // Threshold at what is left after the approved leave: fine, unless the pending request is approved too.
    expect((await set(staff - 1)).statusCode).toBe(200);
    expect(await day('2026-03-18')).toMatchObject({ below: false, below_if_approved: true });
    expect(await day('2026-03-16')).toMatchObject({ below: false, below_if_approved: false });
    // Low threshold: no warning at all.
    await set(1);
    expect(await day('2026-03-18')).toMatchObject({ below: false, below_if_approved: false });
    expect((await call('GET', 'vacations/coverage?from=2026-03-20&to=2026-03-19', admin)).statusCode).toBe(422);
    expect((await call('GET', 'vacations/coverage?from=2026-02-01&to=2026-02-31', admin)).statusCode).toBe(422);
  });
});
