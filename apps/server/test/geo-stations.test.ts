import { MAP_CENTER, stationQueueFirst } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { StationQueues } from '../src/modules/geo/station-queues';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let disp: string;

// A station far from the demo's and the other tests' captains (about 22 km north of the centre).
const STATION = { lon: MAP_CENTER[0], lat: MAP_CENTER[1] + 0.2 };
const M = 1 / 111_320;
let stationId: number;

beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
  const res = await call('POST', 'stations', admin, {
    name: 'Test rank',
    lon: STATION.lon,
    lat: STATION.lat,
    radius_m: 80,
  });
  expect(res.statusCode).toBe(200);
  stationId = res.json().data.id;
});

/** An online captain reporting `north` metres north of the station. */
async function captainAt(north: number) {
  const { captain } = await makeCaptain(t.db, { lastLon: STATION.lon, lastLat: STATION.lat + north * M });
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, STATION.lon, STATION.lat + north * M);
  return captain;
}
const queue = async () =>
  (await call('GET', `stations/${stationId}/queue`, disp))
    .json()
    .data.captains.map((c: { captain_id: number }) => c.captain_id);

describe('station queues', () => {
  it('orders the queue by arrival, heads the queue in the dispatch of a booking from the station', async () => {
    const first = await captainAt(60);
    const second = await captainAt(5);
    const outside = await captainAt(300);
    expect(await queue()).toEqual([first.id, second.id]);
    expect(await queue()).not.toContain(outside.id);

    // The second captain is nearer the pickup, yet the head of the queue gets the booking first.
    const booking = await makeBooking(t.db, { pickUpLon: STATION.lon, pickUpLat: STATION.lat });
    const ranking = await t.app.dispatchEngine.rank(booking.id);
    expect(ranking.candidates.map((c) => c.captain_id).slice(0, 2)).toEqual([first.id, second.id]);
    expect(ranking.candidates[1].distance_m).toBeLessThan(ranking.candidates[0].distance_m);
    // The dispatch dialog shows each candidate's place in the station's queue.
    expect(ranking.candidates.slice(0, 2).map((c) => c.station_queue)).toEqual([1, 2]);
    expect(await t.app.ai.offerNext(booking.id)).toBe(first.id);
    // The offer made the head busy: out of the queue.
    expect(await queue()).toEqual([second.id]);
  });

  it('takes out captains who drive away or go offline; a pickup elsewhere keeps the plain ranking', async () => {
    const a = await captainAt(10);
    const before = await queue();
    expect(before.at(-1)).toBe(a.id);
    t.app.locations.report(a.id, STATION.lon, STATION.lat + 500 * M);
    expect(await queue()).not.toContain(a.id);
    t.app.locations.report(a.id, STATION.lon, STATION.lat + 20 * M);
    expect((await queue()).at(-1)).toBe(a.id);
    await t.app.locations.setOnline(a.id, false);
    expect(await queue()).not.toContain(a.id);

    const far = await makeBooking(t.db, { pickUpLon: STATION.lon, pickUpLat: STATION.lat + 400 * M });
    const ranking = await t.app.dispatchEngine.rank(far.id);
    const distances = ranking.candidates.map((c) => c.distance_m);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
  });

  it('batch matching (the default) also offers a booking from the station to the head of its queue first', async () => {
    for (const id of await queue()) await t.app.locations.setOnline(id, false);
    expect((await call('PUT', 'settings/dispatching', admin, { DISPATCH_MATCHING: 'batch' })).statusCode).toBe(200);
    const head = await captainAt(70);
    const nearer = await captainAt(2);
    expect(await queue()).toEqual([head.id, nearer.id]);
    const booking = await makeBooking(t.db, {
      pickUpLon: STATION.lon,
      pickUpLat: STATION.lat,
      datetime: new Date(Date.now() - 60_000),
    });
    const ranking = await t.app.dispatchEngine.rank(booking.id);
    const distanceOf = (id: number) => ranking.candidates.find((c) => c.captain_id === id)?.distance_m ?? 0;
    expect(distanceOf(nearer.id)).toBeLessThan(distanceOf(head.id));
    await t.app.ai.tick();
    const [offered] = await t.db
      .select({ captainId: bookings.suggestionCaptainId })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(offered.captainId).toBe(head.id);
  });

  it('answers 404 for an unknown station, 403 without LOCATIONS or DISPATCHING', async () => {
    expect((await call('GET', 'stations/999999/queue', admin)).statusCode).toBe(404);
    const [airport] = await loginAll(t.app, 'airport@example.com');
    expect((await call('GET', `stations/${stationId}/queue`, airport)).statusCode).toBe(403);
  });
});

describe('the queue and the rule alone', () => {
  const at = (id: number | null) => (id === null ? null : { id });

  it('joins at the back, leaves when busy or away, keeps its place while staying', () => {
    const q = new StationQueues();
    q.report(1, [0, 0], true, 10, () => at(7));
    q.report(2, [0, 0], true, 20, () => at(7));
    q.report(1, [0, 0.0001], true, 30, () => at(7));
    expect(q.queue(7).map((e) => e.captainId)).toEqual([1, 2]);
    expect(q.queue(7)[0].since).toBe(10);
    q.report(1, [0, 0], false, 40, () => at(7));
    expect(q.queue(7).map((e) => e.captainId)).toEqual([2]);
    q.report(1, [0, 0], true, 50, () => at(7));
    expect(q.queue(7).map((e) => e.captainId)).toEqual([2, 1]);
    q.report(2, [5, 5], true, 60, () => at(8));
    expect(q.queue(7).map((e) => e.captainId)).toEqual([1]);
    expect(q.queue(8).map((e) => e.captainId)).toEqual([2]);
    q.keepOnly(new Set([8]));
    expect(q.queue(7)).toEqual([]);
  });

  it('puts the first queued candidate first, leaves the rest in ranking order', () => {
    const ranked = [{ captain_id: 5 }, { captain_id: 6 }, { captain_id: 7 }];
    expect(stationQueueFirst(ranked, [9, 7, 6]).map((c) => c.captain_id)).toEqual([7, 5, 6]);
    expect(stationQueueFirst(ranked, [9]).map((c) => c.captain_id)).toEqual([5, 6, 7]);
    expect(stationQueueFirst(ranked, []).map((c) => c.captain_id)).toEqual([5, 6, 7]);
  });
});
