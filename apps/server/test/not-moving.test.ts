// A captain who accepted and has not moved 50 m within a minute raises a warning on the card (the AI sweep's
// not-moving check, from the live positions), and the console re-dispatches the booking in one action.
import { BOOKING_MSG, type BookingDto, NOT_MOVING, NOT_MOVING_UI } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookingSuggestions, bookings } from '../src/db/schema';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, PinnableClock, testAppForFile } from './helpers';

const clock = new PinnableClock();
const t = testAppForFile({ clock });
const call = apiCaller(() => t.app);
let disp = '';
let gov = '';

beforeAll(async () => {
  [disp, gov] = await loginAll(t.app, 'dispatcher@example.com', 'gov@example.com');
});

beforeEach(() => {
  clock.pinned = null;
});

/** Metres north, in degrees of latitude. */
const north = (metres: number) => metres / 111_195;
const card = async (id: number) => (await call('GET', `bookings/${id}`, disp)).json().data as BookingDto;

/** Captains in a row east of a pickup of their own (far from the other tests), the first dispatched to it. */
let area = 0;
async function dispatchedScene(count = 1) {
  area += 1;
  const at = { lon: 3.0 + area * 0.2, lat: 47.0 };
  const captains: { id: number; lon: number; lat: number }[] = [];
  for (let i = 1; i <= count; i++) {
    const lon = at.lon + i * 0.002;
    const { captain } = await makeCaptain(t.db, { lastLon: lon, lastLat: at.lat });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, lon, at.lat);
    captains.push({ id: captain.id, lon, lat: at.lat });
  }
  const booking = await makeBooking(t.db, { pickUpLon: at.lon, pickUpLat: at.lat });
  const dispatched = await call('PUT', `dispatch/${booking.id}/${captains[0].id}`, disp);
  expect(dispatched.statusCode).toBe(200);
  return { id: booking.id, captains, captain: captains[0] };
}

/** Moves the clock to `ms` after T0 and runs the AI's sweep (which runs the check). */
async function sweepAt(t0: number, ms: number) {
  clock.pinned = t0 + ms;
  await t.app.ai.tick();
}

describe('the not-moving check', () => {
  it('warns on the card when the captain stays within 50 m for a minute after the dispatch', async () => {
    const t0 = Date.now() + 1000; // after the booking rows the factories date by the wall clock
    clock.pinned = t0;
    const { id, captain } = await dispatchedScene();
    await sweepAt(t0, 0); // the check starts at the captain's position
    t.app.locations.report(captain.id, captain.lon, captain.lat + north(20));
    await sweepAt(t0, 30_000);
    expect((await card(id)).not_moving).toBeNull();

    await sweepAt(t0, (NOT_MOVING.afterS + 1) * 1000);
    const warned = await card(id);
    expect(warned.not_moving).toEqual({ since: new Date(t0 + 61_000).toISOString() });
    const logs = (await call('GET', `booking/${id}/logs`, disp)).json().data as { title: string }[];
    expect(logs.filter((l) => l.title === 'not_moving')).toHaveLength(1);

    // One warning per ride: later sweeps leave it as it is.
    await sweepAt(t0, 120_000);
    expect((await card(id)).not_moving?.since).toBe(warned.not_moving?.since);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'not_moving')));
    expect(rows).toHaveLength(1);
  });

  it('never warns about a captain who drove 80 m within the minute', async () => {
    const t0 = Date.now() + 1000; // after the booking rows the factories date by the wall clock
    clock.pinned = t0;
    const { id, captain } = await dispatchedScene();
    await sweepAt(t0, 0);
    t.app.locations.report(captain.id, captain.lon, captain.lat + north(80));
    await sweepAt(t0, 30_000);
    // Back where they started (a loop round the block): the check stopped once they had moved.
    t.app.locations.report(captain.id, captain.lon, captain.lat);
    await sweepAt(t0, 61_000);
    await sweepAt(t0, 300_000);
    expect((await card(id)).not_moving).toBeNull();
  });

  it('clears the warning once the captain moves', async () => {
    const t0 = Date.now() + 1000; // after the booking rows the factories date by the wall clock
    clock.pinned = t0;
    const { id, captain } = await dispatchedScene();
    await sweepAt(t0, 0);
    await sweepAt(t0, 61_000);
    expect((await card(id)).not_moving).not.toBeNull();

    t.app.locations.report(captain.id, captain.lon + 0.001, captain.lat);
    await sweepAt(t0, 70_000);
    const moved = await card(id);
    expect(moved.not_moving).toBeNull();
    expect(moved.status).toBe('APPROVED');
  });

  it('leaves a captain without a live position alone', async () => {
    const t0 = Date.now() + 1000; // after the booking rows the factories date by the wall clock
    clock.pinned = t0;
    const { id, captain } = await dispatchedScene();
    await t.app.locations.setOnline(captain.id, false);
    await sweepAt(t0, 0);
    await sweepAt(t0, 61_000);
    expect((await card(id)).not_moving).toBeNull();
  });

  it('does not warn about a captain already waiting at the pickup', async () => {
    const t0 = Date.now() + 1000; // after the booking rows the factories date by the wall clock
    clock.pinned = t0;
    const { id, captain } = await dispatchedScene();
    // The pickup is 0.002° west of the captain: they wait 20 m from it.
    t.app.locations.report(captain.id, captain.lon - 0.002, captain.lat + north(20));
    await sweepAt(t0, 0);
    await sweepAt(t0, 61_000);
    expect((await card(id)).not_moving).toBeNull();
  });
});

describe('re-dispatch', () => {
  it('takes the booking back from a still captain: pending, no ride, captain free, offered to another', async () => {
    const t0 = Date.now() + 1000; // after the booking rows the factories date by the wall clock
    clock.pinned = t0;
    const { id, captains, captain } = await dispatchedScene(2);
    await sweepAt(t0, 0);
    await sweepAt(t0, 61_000);
    expect((await card(id)).not_moving).not.toBeNull();

    const res = await call('POST', `booking/${id}/redispatch`, disp);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(NOT_MOVING_UI.redispatched(id));
    const back = res.json().data as BookingDto;
    expect(back).toMatchObject({ status: 'PENDING', ride_id: null, ride: null, not_moving: null });
    expect((await card(id)).statuses?.map((s) => s.status)).toEqual(['PENDING', 'APPROVED', 'PENDING']);
    expect(t.app.locations.stateOf(captain.id)).toBe('FREE');

    const logs = (await call('GET', `booking/${id}/logs`, disp)).json().data as { title: string }[];
    expect(logs.map((l) => l.title)).toContain('redispatch');
    const refused = await t.db
      .select()
      .from(bookingSuggestions)
      .where(and(eq(bookingSuggestions.bookingId, id), eq(bookingSuggestions.status, 'REFUSED')));
    expect(refused.map((r) => r.captainId)).toEqual([captain.id]);

    // The AI's next offer goes to the other captain, though the first is nearer.
    expect(await t.app.ai.offerNext(id)).toBe(captains[1].id);

    // Dispatched anew, the check starts over for the new ride.
    await t.app.ai.answerOffer(captains[1].id, id, false);
    expect((await call('PUT', `dispatch/${id}/${captains[1].id}`, disp)).statusCode).toBe(200);
    await sweepAt(t0, 62_000);
    await sweepAt(t0, 100_000);
    expect((await card(id)).not_moving).toBeNull();
    await sweepAt(t0, 123_000);
    expect((await card(id)).not_moving).toEqual({ since: new Date(t0 + 123_000).toISOString() });
  });

  it('starts a new round of the cascade: no unassigned mark of an earlier round, its refusals forgotten', async () => {
    const t0 = Date.now() + 1000;
    clock.pinned = t0;
    const { id, captains } = await dispatchedScene(2);
    // Before the dispatch by hand, the cascade had run out once and, in its next round, the other captain refused.
    await t.db
      .update(bookings)
      .set({
        unassignedAt: new Date(t0 - 60_000),
        unassignedReason: 'no_acceptance',
        cascadeFrom: new Date(t0 - 60_000),
      })
      .where(eq(bookings.id, id));
    await t.db.insert(bookingSuggestions).values({
      bookingId: id,
      captainId: captains[1].id,
      status: 'REFUSED',
      kind: 'single',
      until: new Date(t0 - 30_000),
      createdAt: new Date(t0 - 30_000),
    });

    clock.pinned = t0 + 1000;
    const back = (await call('POST', `booking/${id}/redispatch`, disp)).json().data as BookingDto;
    expect(back).toMatchObject({ status: 'PENDING', unassigned: null });
    // The earlier round's refusal counts no more; the captain just taken off it does.
    expect(await t.app.ai.offerNext(id)).toBe(captains[1].id);
  });

  it('is refused with a reason for a pending or finished booking, and for an unknown one', async () => {
    const pending = await makeBooking(t.db);
    const paid = await makeBooking(t.db, { status: 'PAID' });
    for (const b of [pending, paid]) {
      const res = await call('POST', `booking/${b.id}/redispatch`, disp);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NOT_MOVING_UI.notRedispatchable);
    }
    expect((await call('POST', 'booking/999999/redispatch', disp)).statusCode).toBe(404);
    expect([404, 422]).toContain((await call('POST', 'booking/abc/redispatch', disp)).statusCode);
  });

  it('needs the dispatching permission', async () => {
    const { id } = await dispatchedScene();
    const res = await call('POST', `booking/${id}/redispatch`, gov);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BOOKING_MSG.governmentForbidden);
    expect((await card(id)).status).toBe('APPROVED');
  });
});
