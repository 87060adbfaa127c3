import { MAP_CENTER, RESERVATION_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const MIN = 60_000;
const t = testAppForFile();
const call = apiCaller(() => t.app);
let sup: string;
let disp: string;
let gov: string;

beforeAll(async () => {
  [sup, disp, gov] = await loginAll(t.app, 'supervisor@example.com', 'dispatcher@example.com', 'gov@example.com');
  // a season of its own: the allowances below are the 'day' season's, counted from now
  expect((await call('PUT', 'setting/season', sup, { season: 'day' })).statusCode).toBe(200);
});

/** A scheduled booking (PENDING, in `inMinutes`). */
const scheduled = (inMinutes: number) =>
  makeBooking(t.db, { now: false, datetime: new Date(Date.now() + inMinutes * MIN) });

/** Dispatches to the captain, then ends the ride (DONE): the captain is free again, the booking still counts. */
async function takeAndFinish(bookingId: number, captainId: number) {
  const res = await call('PUT', `dispatch/${bookingId}/${captainId}`, disp);
  if (res.statusCode === 200) await t.db.update(bookings).set({ status: 'DONE' }).where(eq(bookings.id, bookingId));
  return res;
}

describe('seasonal_reservations (the allowances)', () => {
  it('401, 403 without SETTINGS, 422 with field errors, one row per season and captain', async () => {
    expect((await call('GET', 'seasonal_reservations', null)).statusCode).toBe(401);
    expect((await call('GET', 'seasonal_reservations', disp)).statusCode).toBe(403);
    expect((await call('POST', 'seasonal_reservations', gov, { season: 'hot', max_reservations: 1 })).statusCode).toBe(
      403,
    );
    const bad = await call('POST', 'seasonal_reservations', sup, { season: 'winter', max_reservations: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['season', 'max_reservations']));
    const half = await call('POST', 'seasonal_reservations', sup, { season: 'day', max_reservations: 1.5 });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toHaveProperty('max_reservations');
    const ghost = await call('POST', 'seasonal_reservations', sup, {
      season: 'day',
      captain_id: 999999,
      max_reservations: 1,
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.captain_id).toEqual([RESERVATION_MSG.captainNotFound]);

    const made = await call('POST', 'seasonal_reservations', sup, { season: 'day', max_reservations: 3 });
    expect(made.statusCode).toBe(200);
    const twin = await call('POST', 'seasonal_reservations', sup, { season: 'day', max_reservations: 4 });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().errors.season).toEqual([RESERVATION_MSG.duplicateDefault]);
    const id = made.json().data.id as number;
    const edited = await call('PUT', `seasonal_reservations/${id}`, sup, { max_reservations: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ season: 'day', captain_id: null, max_reservations: 5 });
    expect((await call('DELETE', `seasonal_reservations/${id}`, sup)).statusCode).toBe(200);
  });
});

describe('the allowance is enforced when a scheduled booking is dispatched', () => {
  it('the season default, then a captain special case; now bookings and other seasons do not count', async () => {
    const { captain: usual } = await makeCaptain(t.db);
    const { captain: special } = await makeCaptain(t.db);
    expect((await call('POST', 'seasonal_reservations', sup, { season: 'day', max_reservations: 1 })).statusCode).toBe(
      200,
    );
    const override = await call('POST', 'seasonal_reservations', sup, {
      season: 'day',
      captain_id: special.id,
      max_reservations: 2,
    });
    expect(override.statusCode).toBe(200);
    expect(override.json().data.captain_name).toBe(`${special.firstName} ${special.lastName}`);

    // the default: one scheduled booking, the second is refused with a clear message
    expect((await takeAndFinish((await scheduled(60)).id, usual.id)).statusCode).toBe(200);
    const second = await scheduled(90);
    const refused = await call('PUT', `dispatch/${second.id}/${usual.id}`, disp);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESERVATION_MSG.overAllowance(`${usual.firstName} ${usual.lastName}`, 1));
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, second.id));
    expect(still.status).toBe('PENDING');
    // a "now" booking is not a reservation
    expect((await takeAndFinish((await makeBooking(t.db)).id, usual.id)).statusCode).toBe(200);

    // the special case: two, then refused
    expect((await takeAndFinish((await scheduled(60)).id, special.id)).statusCode).toBe(200);
    expect((await takeAndFinish((await scheduled(70)).id, special.id)).statusCode).toBe(200);
    expect((await call('PUT', `dispatch/${(await scheduled(80)).id}/${special.id}`, disp)).statusCode).toBe(409);

    // another season (no allowance in it): no limit
    expect((await call('PUT', 'setting/season', sup, { season: 'night' })).statusCode).toBe(200);
    expect((await call('PUT', `dispatch/${second.id}/${usual.id}`, disp)).statusCode).toBe(200);
  });

  it('counts the season from its switch: back to a season, its count starts again', async () => {
    const { captain } = await makeCaptain(t.db);
    expect((await call('PUT', 'setting/season', sup, { season: 'new_classic' })).statusCode).toBe(200);
    const rule = await call('POST', 'seasonal_reservations', sup, { season: 'new_classic', max_reservations: 1 });
    expect(rule.statusCode).toBe(200);
    // a cancelled reservation gives its place back
    const cancelled = await scheduled(20);
    expect((await call('PUT', `dispatch/${cancelled.id}/${captain.id}`, disp)).statusCode).toBe(200);
    await t.db.update(bookings).set({ status: 'PAX_CANCELLED' }).where(eq(bookings.id, cancelled.id));
    expect((await takeAndFinish((await scheduled(30)).id, captain.id)).statusCode).toBe(200);
    expect((await call('PUT', `dispatch/${(await scheduled(40)).id}/${captain.id}`, disp)).statusCode).toBe(409);
    expect((await call('PUT', 'setting/season', sup, { season: 'night' })).statusCode).toBe(200);
    expect((await call('PUT', 'setting/season', sup, { season: 'new_classic' })).statusCode).toBe(200);
    expect((await takeAndFinish((await scheduled(60)).id, captain.id)).statusCode).toBe(200);
  });
});

describe('the AI does not offer a scheduled booking to a captain beyond their allowance', () => {
  it('offers it to them below the allowance, not once they took it', async () => {
    // far from the demo fleet: this captain is the only one around
    const at: [number, number] = [MAP_CENTER[0], MAP_CENTER[1] + 0.2];
    const { captain } = await makeCaptain(t.db, { lastLon: at[0], lastLat: at[1] });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, at[0], at[1]);
    const away = (inMinutes: number) =>
      makeBooking(t.db, {
        now: false,
        datetime: new Date(Date.now() + inMinutes * MIN),
        pickUpLon: at[0],
        pickUpLat: at[1],
      });
    expect((await call('PUT', 'setting/season', sup, { season: 'new_classic' })).statusCode).toBe(200);
    const first = await away(20);
    expect(await t.app.ai.offerNext(first.id)).toBe(captain.id);
    await t.app.ai.answerOffer(captain.id, first.id, false);
    expect((await takeAndFinish(first.id, captain.id)).statusCode).toBe(200);
    // new_classic allows one (the rule of the test above): the next one is not offered to them
    expect(await t.app.ai.offerNext((await away(25)).id)).toBeNull();
    await t.app.locations.setOnline(captain.id, false);
  });
});

describe('reservation_queue', () => {
  it('lists the scheduled bookings waiting for a captain, soonest first; RESERVATION_QUEUE only', async () => {
    expect((await call('GET', 'reservation_queue', null)).statusCode).toBe(401);
    expect((await call('GET', 'reservation_queue', disp)).statusCode).toBe(403);
    const later = await scheduled(600);
    const sooner = await scheduled(300);
    const now = await makeBooking(t.db);
    const res = await call('GET', 'reservation_queue?perPage=1000', sup);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as { id: number; status: string; datetime: string }[];
    const ids = rows.map((r) => r.id);
    expect(ids).not.toContain(now.id);
    expect(ids.indexOf(sooner.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
    const times = rows.map((r) => Date.parse(r.datetime));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
