import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

const clock = new ManualClock(Date.parse('2026-03-10T08:00:00Z'));
let t: TestApp;
let admin: string;
let dispatcher: string;
let airport: string;
const call = apiCaller(() => t.app);
const me = async (token: string) => (await call('GET', 'check_auth', token)).json().data.id as number;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [admin, dispatcher, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'airport@example.com',
  );
}, 60_000);
afterAll(() => t.close());

describe('the project schedule (people.md §2, §7)', () => {
  it('GET projects and GET project?perPage=50 list the demo projects for any signed-in user', async () => {
    expect((await call('GET', 'projects', null)).statusCode).toBe(401);
    const all = (await call('GET', 'projects', airport)).json().data as { id: number; name: string }[];
    expect(all.map((p) => p.name)).toContain('Dispatch desk');
    const page = (await call('GET', 'project?perPage=50', dispatcher)).json().data;
    expect(page).toMatchObject({ per_page: 50, total: all.length, current_page: 1 });
    expect((await call('GET', 'project?perPage=0', dispatcher)).statusCode).toBe(422);
    const found = (await call('GET', 'project?perPage=50&search=airport', dispatcher)).json().data.data;
    expect(found.map((p: { name: string }) => p.name)).toEqual(['Airport desk']);
  });

  it('401, then 422 with field errors, then start: Schedule Started!; last-project-schedule says ended', async () => {
    expect((await call('POST', 'user-project-schedules', null, { project_id: 1, now: true })).statusCode).toBe(401);
    const bad = await call('POST', 'user-project-schedules', dispatcher, { project_id: 'x', to: 'tomorrow' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['project_id', 'to']);
    const unknown = await call('POST', 'user-project-schedules', dispatcher, { project_id: 999_999, now: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.project_id).toEqual(['Unknown project']);
    const noFrom = await call('POST', 'user-project-schedules', dispatcher, { project_id: 1, now: false });
    expect(Object.keys(noFrom.json().errors)).toEqual(['from']);

    expect((await call('GET', 'last-project-schedule', dispatcher)).json().data).toBeNull();
    const started = await call('POST', 'user-project-schedules', dispatcher, {
      project_id: 1,
      from: null,
      to: null,
      now: true,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toBe('Schedule Started!');
    const schedule = started.json().data;
    expect(schedule).toMatchObject({
      user_id: await me(dispatcher),
      project_id: 1,
      from: '2026-03-10T08:00:00.000Z',
      to: null,
    });
    expect((await call('GET', 'last-project-schedule', dispatcher)).json().data).toMatchObject({
      id: schedule.id,
      to: null,
      project: { id: 1, name: 'Dispatch desk' },
    });
    // One period at a time.
    const twice = await call('POST', 'user-project-schedules', dispatcher, { project_id: 2, now: true });
    expect(twice.statusCode).toBe(409);
  });

  it("403 for someone else's schedule; its user ends it: Schedule Ended!, and only once", async () => {
    const schedule = (await call('GET', 'last-project-schedule', dispatcher)).json().data;
    clock.advance(3 * 3600_000);
    const other = await call('PUT', `user-project-schedules/${schedule.id}`, admin, { to: null });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You do not have permission to do this.');
    expect((await call('PUT', `user-project-schedules/${schedule.id}`, dispatcher, { to: 'soon' })).statusCode).toBe(
      422,
    );
    expect((await call('PUT', 'user-project-schedules/999999', dispatcher, {})).statusCode).toBe(404);

    const ended = await call('PUT', `user-project-schedules/${schedule.id}`, dispatcher, { to: null });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe('Schedule Ended!');
    expect(ended.json().data).toMatchObject({ id: schedule.id, to: '2026-03-10T11:00:00.000Z' });
    expect((await call('PUT', `user-project-schedules/${schedule.id}`, dispatcher, {})).statusCode).toBe(409);
    expect((await call('GET', 'last-project-schedule', dispatcher)).json().data.to).toBe('2026-03-10T11:00:00.000Z');
  });

  it('records a finished period given from and to; never in the future nor backwards', async () => {
    const future = await call('POST', 'user-project-schedules', dispatcher, {
      project_id: 2,
      from: '2026-03-10T12:00:00Z',
    });
    expect(future.json().errors).toEqual({ from: ['The start cannot be in the future'] });
    const backwards = await call('POST', 'user-project-schedules', dispatcher, {
      project_id: 2,
      from: '2026-03-09T12:00:00Z',
      to: '2026-03-09T11:00:00Z',
    });
    expect(backwards.json().errors).toEqual({ to: ['The end must be after the start'] });
    const past = await call('POST', 'user-project-schedules', dispatcher, {
      project_id: 2,
      from: '2026-03-09T09:00:00Z',
      to: '2026-03-09T12:00:00Z',
    });
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toMatchObject({ from: '2026-03-09T09:00:00.000Z', to: '2026-03-09T12:00:00.000Z' });
  });

  it("the calendar: one's own periods in a window; someone else's only with USERS", async () => {
    const id = await me(dispatcher);
    const window = `from=2026-03-09T00:00:00Z&to=2026-03-11T00:00:00Z`;
    expect((await call('GET', `user-project-schedules?user_id=${id}&from=bad&to=bad`, dispatcher)).statusCode).toBe(
      422,
    );
    const mine = (await call('GET', `user-project-schedules?user_id=${id}&${window}`, dispatcher)).json().data;
    expect(mine.map((s: { from: string }) => s.from)).toEqual(['2026-03-09T09:00:00.000Z', '2026-03-10T08:00:00.000Z']);
    const adminId = await me(admin);
    expect((await call('GET', `user-project-schedules?user_id=${adminId}&${window}`, dispatcher)).statusCode).toBe(403);
    const read = await call('GET', `user-project-schedules?user_id=${id}&${window}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toHaveLength(2);
  });
});
