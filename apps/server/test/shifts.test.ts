import { dateToCityLocal } from '@taxi/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, shifts } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { hasCity } from './city-fixtures';
import { makeCaptain } from './factories';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

const HOUR = 3600_000;
/** Noon in the city, a day of winter time (UTC+1). */
const NOON = Date.parse('2026-02-10T11:00:00Z');
const clock = new ManualClock(NOON);
const local = (ms: number) => dateToCityLocal(new Date(ms));

let t: TestApp;
let admin: string;
let supervisor: string;
let dispatcher: string;
let gov: string;
let sectors: number[];
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [admin, supervisor, dispatcher, gov] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
    'gov@example.com',
  );
  sectors = t.app.city
    .sectors()
    .slice(0, 3)
    .map((s) => s.id);
}, 60_000);
afterAll(() => t.close());

const statusOf = async (id: number) =>
  (await t.db.select({ status: shifts.status }).from(shifts).where(eq(shifts.id, id)))[0].status;

describe.skipIf(!hasCity)('captains’ shifts (/shifts)', () => {
  it('401 without a token, 422 with field errors, 403 without PLANNING, then created', async () => {
    expect((await call('GET', 'shifts', null)).statusCode).toBe(401);
    expect((await call('POST', 'shifts', null, {})).statusCode).toBe(401);
    const bad = await call('POST', 'shifts', supervisor, {
      captain_id: 'x',
      sector_ids: [],
      starts_at: '2026-02-10 14:00',
      ends_at: '2026-02-10 13:00',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['captain_id', 'ends_at', 'sector_ids']);
    expect(bad.json().errors.ends_at).toEqual(['The end must be after the start']);
    const malformed = await call('POST', 'shifts', supervisor, {
      captain_id: 1,
      sector_ids: [sectors[0]],
      starts_at: 'tomorrow',
      ends_at: '2026-02-10 25:00',
    });
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['ends_at', 'starts_at']);
    const unknown = await call('POST', 'shifts', supervisor, {
      captain_id: 999_999,
      sector_ids: [sectors[0], 999_999],
      starts_at: '2026-02-10 14:00',
      ends_at: '2026-02-10 18:00',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'sector_ids.1': ['Unknown sector'] });

    for (const token of [dispatcher, gov]) {
      expect((await call('GET', 'shifts', token)).statusCode).toBe(403);
      expect((await call('POST', 'shifts', token, {})).statusCode).toBe(403);
    }

    const { captain } = await makeCaptain(t.db, { online: false });
    const created = await call('POST', 'shifts', supervisor, {
      captain_id: captain.id,
      sector_ids: [sectors[0], sectors[1]],
      starts_at: '2026-02-10 14:00',
      ends_at: '2026-02-10 18:00',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Shift saved');
    expect(created.json().data).toMatchObject({
      captain: { id: captain.id, full_name: `${captain.firstName} ${captain.lastName}` },
      sectors: [{ id: sectors[0] }, { id: sectors[1] }],
      starts_at: '2026-02-10T13:00:00.000Z',
      ends_at: '2026-02-10T17:00:00.000Z',
      status: 'planned',
      started_at: null,
    });
    const list = (await call('GET', `shifts?captain_id=${captain.id}&day=2026-02-10`, admin)).json().data;
    expect(list.data.map((s: { id: number }) => s.id)).toEqual([created.json().data.id]);
  });

  it('a captain cannot have overlapping shifts: 422 on starts_at; touching ones are fine', async () => {
    const { captain } = await makeCaptain(t.db, { online: false });
    const body = (from: string, to: string) => ({
      captain_id: captain.id,
      sector_ids: [sectors[0]],
      starts_at: from,
      ends_at: to,
    });
    expect((await call('POST', 'shifts', admin, body('2026-02-11 08:00', '2026-02-11 12:00'))).statusCode).toBe(200);
    const overlap = await call('POST', 'shifts', admin, body('2026-02-11 11:00', '2026-02-11 15:00'));
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors).toEqual({ starts_at: ['This captain already has a shift at that time'] });
    const inside = await call('POST', 'shifts', admin, body('2026-02-11 09:00', '2026-02-11 10:00'));
    expect(inside.statusCode).toBe(422);
    const after = await call('POST', 'shifts', admin, body('2026-02-11 12:00', '2026-02-11 16:00'));
    expect(after.statusCode).toBe(200);
    // Moving the second onto the first is refused too; moving it later is accepted.
    const id = after.json().data.id;
    expect((await call('PUT', `shifts/${id}`, admin, body('2026-02-11 10:00', '2026-02-11 16:00'))).statusCode).toBe(
      422,
    );
    const moved = await call('PUT', `shifts/${id}`, admin, body('2026-02-11 13:00', '2026-02-11 17:00'));
    expect(moved.json().data.starts_at).toBe('2026-02-11T12:00:00.000Z');
  });

  it('starts when its captain comes online in its window, ends at its end or at going offline after it', async () => {
    clock.set(NOON);
    const { captain } = await makeCaptain(t.db, { online: false });
    const { captain: early } = await makeCaptain(t.db, { online: false });
    const { captain: absent } = await makeCaptain(t.db, { online: false });
    const create = async (captainId: number) =>
      (
        await call('POST', 'shifts', admin, {
          captain_id: captainId,
          sector_ids: [sectors[2]],
          starts_at: local(NOON + HOUR),
          ends_at: local(NOON + 3 * HOUR),
        })
      ).json().data.id as number;
    const [a, b, c] = [await create(captain.id), await create(early.id), await create(absent.id)];

    // Online before the window: nothing starts yet.
    await t.app.locations.setOnline(captain.id, true);
    await t.app.locations.setOnline(captain.id, false);
    await t.app.locations.setOnline(early.id, true);
    expect(await statusOf(a)).toBe('planned');

    // The window opens: the captain already online starts with it.
    clock.set(NOON + HOUR);
    await t.app.jobs.runDue();
    expect(await statusOf(b)).toBe('started');
    expect(await statusOf(a)).toBe('planned');

    // The other comes online within the window: started at that moment.
    clock.set(NOON + 90 * 60_000);
    await t.app.locations.setOnline(captain.id, true);
    const started = (await call('GET', `shifts/${a}`, admin)).json().data;
    expect(started).toMatchObject({ status: 'started', started_at: new Date(NOON + 90 * 60_000).toISOString() });
    // Going offline before the end does not end it.
    await t.app.locations.setOnline(captain.id, false);
    expect(await statusOf(a)).toBe('started');

    // The end: the offline captain's shift ends at its end; the one still online keeps going.
    clock.set(NOON + 3 * HOUR);
    await t.app.jobs.runDue();
    expect((await call('GET', `shifts/${a}`, admin)).json().data).toMatchObject({
      status: 'ended',
      ended_at: new Date(NOON + 3 * HOUR).toISOString(),
    });
    expect(await statusOf(b)).toBe('started');
    // The absent captain's shift is over without having started.
    expect((await call('GET', `shifts/${c}`, admin)).json().data).toMatchObject({ status: 'ended', started_at: null });

    // Going offline after the end ends it then.
    clock.set(NOON + 3 * HOUR + 20 * 60_000);
    await t.app.locations.setOnline(early.id, false);
    expect((await call('GET', `shifts/${b}`, admin)).json().data).toMatchObject({
      status: 'ended',
      ended_at: new Date(NOON + 3 * HOUR + 20 * 60_000).toISOString(),
    });

    // A started or ended shift is no longer edited or deleted.
    expect((await call('DELETE', `shifts/${b}`, admin)).statusCode).toBe(409);
  });

  it('a moved shift follows its new window (the old jobs do nothing); a deleted one leaves none', async () => {
    clock.set(NOON);
    const { captain } = await makeCaptain(t.db, { online: true });
    const body = (from: number, to: number) => ({
      captain_id: captain.id,
      sector_ids: [sectors[0]],
      starts_at: local(from),
      ends_at: local(to),
    });
    const id = (await call('POST', 'shifts', admin, body(NOON + HOUR, NOON + 2 * HOUR))).json().data.id;
    await call('PUT', `shifts/${id}`, admin, body(NOON + 4 * HOUR, NOON + 5 * HOUR));
    clock.set(NOON + HOUR);
    await t.app.jobs.runDue();
    expect(await statusOf(id)).toBe('planned');
    clock.set(NOON + 4 * HOUR);
    await t.app.jobs.runDue();
    expect(await statusOf(id)).toBe('started');

    const other = (await call('POST', 'shifts', admin, body(NOON + 6 * HOUR, NOON + 7 * HOUR))).json().data.id;
    expect((await call('DELETE', `shifts/${other}`, admin)).json().message).toBe('Shift deleted');
    expect((await call('GET', `shifts/${other}`, admin)).statusCode).toBe(404);
    const left = await t.db
      .select({ done: jobs.doneAt, error: jobs.lastError })
      .from(jobs)
      .where(sql`${jobs.kind} like 'shift.%' and (${jobs.payload} ->> 'shift_id')::int = ${other}`);
    expect(left).toHaveLength(2);
    expect(left.every((j) => j.done !== null && j.error === 'cancelled')).toBe(true);
  });

  it('coverage: captains planned per sector and city hour, gaps and conflicts', async () => {
    const day = '2026-03-02';
    expect((await call('GET', 'shifts/coverage?day=02/03/2026', admin)).statusCode).toBe(422);
    const [one, two] = [await makeCaptain(t.db, { online: false }), await makeCaptain(t.db, { online: false })];
    const post = (captainId: number, zone: number[], from: string, to: string) =>
      call('POST', 'shifts', admin, {
        captain_id: captainId,
        sector_ids: zone,
        starts_at: `${day} ${from}`,
        ends_at: `${day} ${to}`,
      });
    await post(one.captain.id, [sectors[0], sectors[1]], '08:00', '12:00');
    await post(two.captain.id, [sectors[0]], '10:30', '14:00');
    // An overlap written before the rule existed (straight into the table): shown as a conflict.
    await t.db.insert(shifts).values({
      captainId: two.captain.id,
      sectorIds: [sectors[1]],
      startsAt: new Date('2026-03-02T12:00:00Z'),
      endsAt: new Date('2026-03-02T14:00:00Z'),
    });
    const res = await call('GET', `shifts/coverage?day=${day}`, supervisor);
    expect(res.statusCode).toBe(200);
    const cov = res.json().data;
    const hoursOf = (id: number) => cov.sectors.find((s: { id: number }) => s.id === id).hours as number[];
    const first = hoursOf(sectors[0]);
    expect(first).toHaveLength(24);
    expect(first.slice(7, 15)).toEqual([0, 1, 1, 2, 2, 1, 1, 0]);
    expect(hoursOf(sectors[1]).slice(7, 16)).toEqual([0, 1, 1, 1, 1, 0, 1, 1, 0]);
    expect(cov.gaps).toBe(24 - 6 + (24 - 6));
    expect(cov.conflicts).toEqual([
      expect.objectContaining({ captain_id: two.captain.id, shift_ids: [expect.any(Number), expect.any(Number)] }),
    ]);
  });
});
