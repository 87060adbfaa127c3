// Issue 9, finding 13 — one captain, one ride: the manual dispatch and the AI's candidate search apply
// one eligibility rule (packages/shared captainUnavailability), and the manual dispatch enforces it under
// a lock on the captain's row, so concurrent dispatches of one captain cannot give them two rides.
import { BOOKING_MSG, BUSY_BOOKING_STATUSES } from '@taxi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, rides } from '../src/db/schema';
import { makeBooking, makeCaptain, makeReason } from './factories';
import { bearer, login, testAppForFile } from './helpers';

const t = testAppForFile();
let disp: string;

beforeAll(async () => {
  disp = await login(t.app, 'dispatcher@example.com');
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(disp) });
const dispatch = (bookingId: number, captainId: number) => call('PUT', `dispatch/${bookingId}/${captainId}`);

/** A pickup far from the demo fleet, so that only this file's captains are near it. */
const AWAY = { pickUpLon: 2.35, pickUpLat: 48.85 };

/** A captain online at a position east of the AWAY pickup, known to the live index as FREE. */
async function captainAt(dLon: number) {
  const { captain, car } = await makeCaptain(t.db, { lastLon: AWAY.pickUpLon + dLon, lastLat: AWAY.pickUpLat });
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, AWAY.pickUpLon + dLon, AWAY.pickUpLat);
  return { captain, car };
}

/** Gives the captain a booking in `status` on a ride of theirs, written straight to the database. */
async function onRide(captainId: number, carId: number | undefined, status: string) {
  const [ride] = await t.db.insert(rides).values({ captainId, carId }).returning();
  return makeBooking(t.db, { rideId: ride.id, status });
}

describe('manual dispatch: one captain, one ride', () => {
  it('20 concurrent dispatches of one captain to 20 PENDING bookings: exactly one 200, 19 × 409, one ride', async () => {
    const { captain } = await makeCaptain(t.db);
    const list = await Promise.all(Array.from({ length: 20 }, () => makeBooking(t.db)));
    const results = await Promise.all(list.map((b) => dispatch(b.id, captain.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(BOOKING_MSG.captainBusy);
    }
    const ids = list.map((b) => b.id);
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows.filter((b) => b.status === 'APPROVED')).toHaveLength(1);
    expect(rows.filter((b) => b.status === 'PENDING')).toHaveLength(19);
    expect(rows.filter((b) => b.rideId !== null)).toHaveLength(1);
    const captainRides = await t.db.select().from(rides).where(eq(rides.captainId, captain.id));
    expect(captainRides).toHaveLength(1);
  }, 60_000);

  it.each(BUSY_BOOKING_STATUSES)('refuses (409) a captain whose other booking is %s', async (status) => {
    const { captain, car } = await makeCaptain(t.db);
    await onRide(captain.id, car?.id, status);
    const b = await makeBooking(t.db);
    const res = await dispatch(b.id, captain.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: BOOKING_MSG.captainBusy });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.status).toBe('PENDING');
    expect(row.rideId).toBeNull();
  });

  it.each(['DONE', 'PAID', 'CAPTAIN_CANCELLED', 'PAX_CANCELLED', 'SYSTEM_CANCELLED'])(
    'a ride that ended (%s) no longer keeps the captain',
    async (status) => {
      const { captain, car } = await makeCaptain(t.db);
      await onRide(captain.id, car?.id, status);
      const b = await makeBooking(t.db);
      expect((await dispatch(b.id, captain.id)).statusCode).toBe(200);
    },
  );

  it('frees the captain when their ride is cancelled: the next dispatch succeeds', async () => {
    const { captain } = await makeCaptain(t.db);
    const [first, second] = [await makeBooking(t.db), await makeBooking(t.db)];
    expect((await dispatch(first.id, captain.id)).statusCode).toBe(200);
    expect((await dispatch(second.id, captain.id)).statusCode).toBe(409);
    const reason = await makeReason(t.db);
    expect((await call('DELETE', `bookings/${first.id}?user_cancellation_reason_id=${reason.id}`)).statusCode).toBe(
      200,
    );
    expect((await dispatch(second.id, captain.id)).statusCode).toBe(200);
  });

  it("a dispatch wins over another booking's live AI offer (an offer is not a ride); then that captain is busy", async () => {
    const { captain } = await makeCaptain(t.db);
    const offered = await makeBooking(t.db);
    const other = await makeBooking(t.db);
    expect(await t.app.bookings.offer(offered.id, captain.id, new Date(Date.now() + 60_000))).not.toBeNull();
    expect((await dispatch(other.id, captain.id)).statusCode).toBe(200);
    // Now on a ride: the offered booking can no longer go to them.
    const res = await dispatch(offered.id, captain.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_MSG.captainBusy);
  });

  it('keeps the 422 of an inactive or blocked captain and the 404 of an unknown one', async () => {
    const b = await makeBooking(t.db);
    const inactive = await makeCaptain(t.db, { active: false });
    const blocked = await makeCaptain(t.db, { blockedUntil: new Date(Date.now() + 3600_000) });
    for (const c of [inactive, blocked]) {
      const res = await dispatch(b.id, c.captain.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(BOOKING_MSG.captainUnavailable);
    }
    expect((await dispatch(b.id, 99_999_999)).statusCode).toBe(404);
  });
});

describe('AI candidates: the same rule', () => {
  it('leaves out a captain on an active ride even when the live index says FREE, and offers the free one', async () => {
    const busy = await captainAt(0.001);
    const freeOne = await captainAt(0.01);
    await onRide(busy.captain.id, busy.car?.id, 'STARTED');
    expect(t.app.locations.stateOf(busy.captain.id)).toBe('FREE');
    const b = await makeBooking(t.db, AWAY);

    const ranking = await t.app.dispatchEngine.rank(b.id);
    const ids = ranking.candidates.map((c) => c.captain_id);
    expect(ids).toContain(freeOne.captain.id);
    expect(ids).not.toContain(busy.captain.id);
    expect(ranking.excluded.busy).toBeGreaterThanOrEqual(1);
    const facts = (await t.app.dispatchEngine.captainFacts([busy.captain.id])).get(busy.captain.id);
    expect(facts).toMatchObject({ on_ride: true });

    expect(await t.app.ai.offerNext(b.id)).toBe(freeOne.captain.id);
    // The manual dispatch answers the same for the same captain.
    const other = await makeBooking(t.db);
    expect((await dispatch(other.id, busy.captain.id)).statusCode).toBe(409);
  });

  it('a captain dispatched by hand drops out of the AI candidates of the next booking', async () => {
    const { captain } = await captainAt(0.002);
    const first = await makeBooking(t.db, AWAY);
    expect((await dispatch(first.id, captain.id)).statusCode).toBe(200);
    const next = await makeBooking(t.db, AWAY);
    const ranking = await t.app.dispatchEngine.rank(next.id);
    expect(ranking.candidates.map((c) => c.captain_id)).not.toContain(captain.id);
    const stillActive = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, first.id), inArray(bookings.status, BUSY_BOOKING_STATUSES)));
    expect(stillActive).toHaveLength(1);
  });

  it("the operator's pick list (booking candidates) leaves out a captain on a ride", async () => {
    const busy = await captainAt(0.0005);
    const free = await captainAt(0.001);
    await onRide(busy.captain.id, busy.car?.id, 'STARTED');
    const b = await makeBooking(t.db, AWAY);
    const res = await call('GET', `booking/${b.id}/candidates`);
    const ids = (res.json().data as { captain: { id: number } }[]).map((c) => c.captain.id);
    expect(ids).toContain(free.captain.id);
    expect(ids).not.toContain(busy.captain.id);
  });
});
