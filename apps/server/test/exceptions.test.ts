// The exceptions board (GET exceptions): what needs a dispatcher now, computed from the bookings' state and the
// dispatching settings' timings, oldest first; each kind leaves the list when what it is about is resolved.
import type { BookingDto, ExceptionKind, exceptionsContract } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookings } from '../src/db/schema';
import { makeBooking, makeCaptain, makeReason } from './factories';
import { apiCaller, loginAll, PinnableClock, testAppForFile } from './helpers';
import { StatementCounter } from './statement-counter';

const clock = new PinnableClock();
const t = testAppForFile({ clock });
const call = apiCaller(() => t.app);
const MIN = 60_000;
type List = z.infer<typeof exceptionsContract.list>['data'];

let disp = '';
let gov = '';
let airport = '';
let hotel = '';

beforeAll(async () => {
  [disp, gov, airport, hotel] = await loginAll(
    t.app,
    'dispatcher@example.com',
    'gov@example.com',
    'airport@example.com',
    'hotel@example.com',
  );
});

async function list(token = disp): Promise<List> {
  const res = await call('GET', 'exceptions', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as List;
}

/** Our rows only (the demo seed has late bookings of its own): `kind:id` → its start. */
async function ours(ids: readonly number[], token = disp): Promise<Record<string, string>> {
  const { items } = await list(token);
  return Object.fromEntries(items.filter((i) => ids.includes(i.booking_id)).map((i) => [i.id, i.since]));
}

const iso = (ms: number) => new Date(ms).toISOString();
const row = (kind: ExceptionKind, id: number) => `${kind}:${id}`;

describe('GET exceptions', () => {
  it('needs a session (401), then a reader of the board (403)', async () => {
    expect((await call('GET', 'exceptions', null)).statusCode).toBe(401);
    expect((await call('GET', 'exceptions', airport)).statusCode).toBe(403);
    expect((await call('GET', 'exceptions', hotel)).statusCode).toBe(403);
  });

  it('lists each kind with its start, oldest first; time brings more; each leaves once resolved', async () => {
    // A minute ahead of the wall clock: after the rows the factories date by it.
    const t0 = Date.now() + MIN;
    const reason = await makeReason(t.db);

    // Late booking: a "now" booking still waiting 6 minutes after its time (threshold 5). Another 2 minutes
    // after its time is not late yet.
    clock.pinned = t0;
    const late = await makeBooking(t.db, { datetime: new Date(t0 - 6 * MIN) });
    const soonLate = await makeBooking(t.db, { datetime: new Date(t0 - 2 * MIN) });

    // Late captain: a booking of 10 minutes ago dispatched 7 minutes ago (its captain had 5 from the dispatch).
    const { captain: lateCaptain } = await makeCaptain(t.db, { firstName: 'Lena', lastName: 'Late' });
    const dispatched = await makeBooking(t.db, { datetime: new Date(t0 - 10 * MIN) });
    clock.pinned = t0 - 7 * MIN;
    expect((await call('PUT', `dispatch/${dispatched.id}/${lateCaptain.id}`, disp)).statusCode).toBe(200);

    // Not moving: a captain on the way whose warning the not-moving check raised 30 seconds ago.
    clock.pinned = t0 - MIN;
    const { captain: stillCaptain } = await makeCaptain(t.db, { firstName: 'Stan', lastName: 'Still' });
    const still = await makeBooking(t.db, { datetime: new Date(t0 - MIN) });
    expect((await call('PUT', `dispatch/${still.id}/${stillCaptain.id}`, disp)).statusCode).toBe(200);
    await t.db
      .update(bookings)
      .set({ notMovingAt: new Date(t0 - 30_000) })
      .where(eq(bookings.id, still.id));

    // Unassigned: the cascade ran out 90 seconds ago.
    clock.pinned = t0 - 90_000;
    const unassigned = await makeBooking(t.db, { datetime: new Date(t0) });
    await t.app.bookings.markUnassigned(unassigned.id, 'no_acceptance');

    // Unanswered offer: offered 20 seconds ago for 30 (half of it passed 5 seconds ago); another offered 5
    // seconds ago (half of it in 10 seconds).
    const { captain: offeredCaptain } = await makeCaptain(t.db, { firstName: 'Olga', lastName: 'Offered' });
    const { captain: otherCaptain } = await makeCaptain(t.db);
    const offered = await makeBooking(t.db, { datetime: new Date(t0) });
    const freshOffer = await makeBooking(t.db, { datetime: new Date(t0) });
    clock.pinned = t0 - 20_000;
    expect(await t.app.bookings.offer(offered.id, offeredCaptain.id, new Date(t0 + 10_000))).not.toBeNull();
    clock.pinned = t0 - 5_000;
    expect(await t.app.bookings.offer(freshOffer.id, otherCaptain.id, new Date(t0 + 25_000))).not.toBeNull();

    // Expiring driver search: ends in 2 minutes (window 5: it joined 3 minutes ago); another ends in 20.
    const besoin = await makeBooking(t.db, {
      now: false,
      datetime: new Date(t0 + 30 * MIN),
      besoin: true,
      besoinDate: new Date(t0 + 2 * MIN),
    });
    const laterBesoin = await makeBooking(t.db, {
      now: false,
      datetime: new Date(t0 + 60 * MIN),
      besoin: true,
      besoinDate: new Date(t0 + 20 * MIN),
    });
    const ids = [late, soonLate, dispatched, still, unassigned, offered, freshOffer, besoin, laterBesoin].map(
      (b) => b.id,
    );

    clock.pinned = t0;
    const all = await list();
    expect(all.now).toBe(iso(t0));
    expect(await ours(ids)).toEqual({
      [row('late_booking', late.id)]: iso(t0 - MIN),
      [row('late_captain', dispatched.id)]: iso(t0 - 2 * MIN),
      [row('not_moving', still.id)]: iso(t0 - 30_000),
      [row('unassigned', unassigned.id)]: iso(t0 - 90_000),
      [row('unanswered_offer', offered.id)]: iso(t0 - 5_000),
      [row('expiring_besoin', besoin.id)]: iso(t0 - 3 * MIN),
    });
    // Oldest first, across the whole list; the count is the list's.
    const starts = all.items.map((i) => Date.parse(i.since));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(all.total).toBe(all.items.length);
    // Each row carries its booking as the board shows it, and the captain it is about.
    const byId = new Map(all.items.map((i) => [i.id, i]));
    expect(byId.get(row('late_captain', dispatched.id))).toMatchObject({
      booking_id: dispatched.id,
      captain_name: 'Lena Late',
      booking: { id: dispatched.id, status: 'APPROVED' },
    });
    expect(byId.get(row('not_moving', still.id))?.captain_name).toBe('Stan Still');
    expect(byId.get(row('unanswered_offer', offered.id))?.captain_name).toBe('Olga Offered');
    expect(byId.get(row('late_booking', late.id))?.booking.passenger.phone_number).not.toBe('');
    // The next look: the fresh offer's half-time, at the latest (the demo's own bookings may come first).
    expect(Date.parse(all.next_check_at ?? '')).toBeGreaterThan(t0);
    expect(Date.parse(all.next_check_at ?? '')).toBeLessThanOrEqual(t0 + 10_000);

    // The Goverment role reads the same list, its passengers without their contact (as on the board).
    const seen = await list(gov);
    const govLate = seen.items.find((i) => i.id === row('late_booking', late.id));
    expect(govLate?.booking.passenger.phone_number).toBe('');
    expect(Object.keys(await ours(ids, gov)).sort()).toEqual(Object.keys(await ours(ids)).sort());

    // Time alone brings more: the fresh offer past its half (the first one's countdown is over: it leaves),
    clock.pinned = t0 + 11_000;
    const soon = await ours(ids);
    expect(soon[row('unanswered_offer', freshOffer.id)]).toBe(iso(t0 + 10_000));
    expect(soon[row('unanswered_offer', offered.id)]).toBeUndefined();
    // then the other booking late.
    clock.pinned = t0 + 3 * MIN + 1000;
    expect((await ours(ids))[row('late_booking', soonLate.id)]).toBe(iso(t0 + 3 * MIN));
    clock.pinned = t0;

    // Resolved, each leaves: the late booking dispatched (its captain gets the whole threshold from now on),
    const { captain: helper } = await makeCaptain(t.db);
    expect((await call('PUT', `dispatch/${late.id}/${helper.id}`, disp)).statusCode).toBe(200);
    // the late captain's booking cancelled,
    const cancelled = await call('DELETE', `bookings/${dispatched.id}?user_cancellation_reason_id=${reason.id}`, disp);
    expect(cancelled.statusCode).toBe(200);
    // the still captain's booking taken back (pending again, fresh: not late),
    expect((await call('POST', `booking/${still.id}/redispatch`, disp)).statusCode).toBe(200);
    // the unassigned booking dispatched by hand,
    const { captain: another } = await makeCaptain(t.db);
    expect((await call('PUT', `dispatch/${unassigned.id}/${another.id}`, disp)).statusCode).toBe(200);
    // the offer answered,
    await t.app.bookings.closeOffer(offered.id, offeredCaptain.id, 'REFUSED');
    // the driver search extended (ten more minutes: no longer ending soon).
    const renewed = await call('POST', `besoin/renew/${besoin.id}`, disp);
    expect(renewed.statusCode).toBe(200);
    expect((renewed.json().data as BookingDto).besoin_date).toBe(iso(t0 + 12 * MIN));

    expect(await ours([late, dispatched, still, unassigned, offered, besoin].map((b) => b.id))).toEqual({});
  });

  it('follows the dispatching settings: a longer late-booking threshold, a later part of the offer', async () => {
    const t0 = Date.now() + MIN;
    clock.pinned = t0;
    const late = await makeBooking(t.db, { datetime: new Date(t0 - 6 * MIN) });
    const { captain } = await makeCaptain(t.db);
    const offered = await makeBooking(t.db, { datetime: new Date(t0) });
    clock.pinned = t0 - 20_000;
    await t.app.bookings.offer(offered.id, captain.id, new Date(t0 + 10_000));
    clock.pinned = t0;
    expect(Object.keys(await ours([late.id, offered.id])).sort()).toEqual(
      [row('late_booking', late.id), row('unanswered_offer', offered.id)].sort(),
    );

    const [admin] = await loginAll(t.app, 'admin@example.com');
    const put = await call('PUT', 'settings/dispatching', admin, {
      LATE_BOOKING_MINUTES: 10,
      UNANSWERED_OFFER_PERCENT: 90,
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      expect(await ours([late.id, offered.id])).toEqual({});
      clock.pinned = t0 + 7_000;
      expect(await ours([late.id, offered.id])).toEqual({ [row('unanswered_offer', offered.id)]: iso(t0 + 7_000) });
    } finally {
      await call('PUT', 'settings/dispatching', admin, { LATE_BOOKING_MINUTES: 5, UNANSWERED_OFFER_PERCENT: 50 });
      clock.pinned = null;
    }
  });

  it('sends as many statements for a long list as for a short one', async () => {
    const counter = new StatementCounter(t.db);
    const t0 = Date.now() + MIN;
    clock.pinned = t0;
    const statements = () =>
      counter.count(async () => {
        expect((await call('GET', 'exceptions', disp)).statusCode).toBe(200);
      });
    await makeBooking(t.db, { datetime: new Date(t0 - 6 * MIN) });
    const few = await statements();
    for (let i = 0; i < 25; i++) {
      await makeBooking(t.db, { datetime: new Date(t0 - 6 * MIN) });
      const { captain } = await makeCaptain(t.db);
      const offered = await makeBooking(t.db, { datetime: new Date(t0) });
      clock.pinned = t0 - 20_000;
      await t.app.bookings.offer(offered.id, captain.id, new Date(t0 + 10_000));
      clock.pinned = t0;
    }
    expect((await list()).items.length).toBeGreaterThan(50);
    expect(await statements()).toBe(few);
    clock.pinned = null;
  });
});
