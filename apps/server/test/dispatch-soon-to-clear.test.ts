// Soon-to-clear captains (/dispatching: SOON_TO_CLEAR_MINUTES): a captain whose trip ends near the pickup
// within the set time is a candidate, the ETA counted from the dropoff; the batch keeps the booking for them
// rather than send a free captain from far, and offers it once they are free.
import { SETTING_DEFAULTS, settingKeysOf } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, rides } from '../src/db/schema';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';

beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
});

beforeEach(async () => {
  const reset = Object.fromEntries(settingKeysOf('dispatching').map((key) => [key, SETTING_DEFAULTS[key]]));
  expect((await call('PUT', 'settings/dispatching', admin, reset)).statusCode).toBe(200);
});

/** 0.001° of longitude at 48° N is about 74 m; each test has its own area, far from the demo fleet. */
let area = 0;
async function scene() {
  area += 1;
  const x0 = 3.0 + area * 0.2;
  const lat = 48.0;
  const online = async (dx: number, state: 'FREE' | 'ON_TRIP') => {
    const { captain, car } = await makeCaptain(t.db, { lastLon: x0 + dx, lastLat: lat });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, x0 + dx, lat);
    if (state === 'ON_TRIP') await t.app.locations.setState(captain.id, 'ON_TRIP');
    return { id: captain.id, carId: car?.id ?? null };
  };
  // On a trip 300 m from its dropoff, which is 150 m from the pickup; a free captain 3 km away.
  const busy = await online(0.006, 'ON_TRIP');
  const [ride] = await t.db.insert(rides).values({ captainId: busy.id, carId: busy.carId }).returning();
  const trip = await makeBooking(t.db, {
    status: 'PICKED_UP',
    rideId: ride.id,
    pickUpLon: x0 + 0.02,
    pickUpLat: lat,
    pullDownLon: x0 + 0.002,
    pullDownLat: lat,
  });
  const far = await online(-0.04, 'FREE');
  const booking = await makeBooking(t.db, { pickUpLon: x0, pickUpLat: lat, datetime: new Date(Date.now() - 60_000) });
  return { busy: busy.id, far: far.id, trip, booking };
}

const ranking = async (id: number) =>
  (await call('GET', `dispatch/booking/${id}/ranking`, disp)).json().data as {
    candidates: { captain_id: number; eta_s: number; clears_in_s: number | null }[];
  };

describe('soon-to-clear captains', () => {
  it('are candidates with the ETA counted from their dropoff, within the set time only', async () => {
    const s = await scene();
    const ranked = await ranking(s.booking.id);
    const busy = ranked.candidates.find((c) => c.captain_id === s.busy);
    const far = ranked.candidates.find((c) => c.captain_id === s.far);
    expect(busy?.clears_in_s).toBeGreaterThan(0);
    expect(far?.clears_in_s).toBeNull();
    // Its trip's end, then from the dropoff: still sooner than the free captain 3 km away.
    expect(busy?.eta_s).toBeGreaterThan(busy?.clears_in_s ?? 0);
    expect(busy?.eta_s).toBeLessThan(far?.eta_s ?? 0);
    expect(ranked.candidates[0].captain_id).toBe(s.busy);

    // Switched off: only the free captain is a candidate.
    expect((await call('PUT', 'settings/dispatching', admin, { SOON_TO_CLEAR_MINUTES: 0 })).statusCode).toBe(200);
    expect((await ranking(s.booking.id)).candidates.map((c) => c.captain_id)).toEqual([s.far]);
  });

  it('the batch keeps the booking for them (greedy sends the far free captain); once free they are offered it', async () => {
    const greedy = await scene();
    expect((await call('PUT', 'settings/dispatching', admin, { DISPATCH_MATCHING: 'greedy' })).statusCode).toBe(200);
    await t.app.ai.tick();
    const [g] = await t.db.select().from(bookings).where(eq(bookings.id, greedy.booking.id));
    expect(g.suggestionCaptainId).toBe(greedy.far);

    expect((await call('PUT', 'settings/dispatching', admin, { DISPATCH_MATCHING: 'batch' })).statusCode).toBe(200);
    const s = await scene();
    await t.app.ai.tick();
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, s.booking.id));
    expect(kept.suggestionCaptainId).toBeNull();
    expect(kept.unassignedAt).toBeNull();
    // The trip ends: the captain is free at the dropoff, and the next sweep offers them the booking.
    await t.db.update(bookings).set({ status: 'PAID' }).where(eq(bookings.id, s.trip.id));
    t.app.locations.report(s.busy, s.trip.pullDownLon ?? 0, s.trip.pullDownLat ?? 0);
    await t.app.locations.setState(s.busy, 'FREE');
    await t.app.ai.tick();
    const [offered] = await t.db.select().from(bookings).where(eq(bookings.id, s.booking.id));
    expect(offered.suggestionCaptainId).toBe(s.busy);
  });
});
