/**
 * The captain app's API: sign-in by phone and SMS code (the code read from the development outbox), the captain
 * session kept apart from the staff's, presence and position batches, offers, the ride's steps applied once per
 * step id, and a captain reaching only their own bookings.
 */
import {
  CAPTAIN_APP_MSG,
  CAPTAIN_POSITION_MAX_AGE_MS,
  CAPTAIN_POSITIONS_MAX,
  CAPTAIN_REFUSAL_TEXT,
  type CaptainOfferDto,
  type CaptainRideDto,
  MAP_CENTER,
  type TrackedCaptainDto,
} from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aiSuggestions,
  bookingStatuses,
  captainCancellationReasons,
  captainSessions,
  captains,
  geofenceLogs,
  rides,
} from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, captainLogin, lastSmsCode, login, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let dispatcher: string;

beforeAll(async () => {
  dispatcher = await login(t.app, 'dispatcher@example.com');
});

const codeSentTo = (e164: string) => lastSmsCode(t.app, e164);

/** Spaced as a captain types it: "+377 6 10 00 01 23". */
const spaced = (e164: string) =>
  `${e164.slice(0, 4)} ${e164.slice(4, 5)} ${e164.slice(5).replace(/(\d\d)(?=\d)/g, '$1 ')}`;

async function signIn(phone: string) {
  expect((await call('POST', 'captain-app/send_code', null, { phone: spaced(phone) })).statusCode).toBe(200);
  const code = await codeSentTo(phone);
  expect(code).not.toBeNull();
  return call('POST', 'captain-app/login', null, { phone: spaced(phone), code });
}

/** A captain signed in through the app, with their token. */
async function signedInCaptain(values: Parameters<typeof makeCaptain>[1] = {}) {
  const { captain, car } = await makeCaptain(t.db, { online: false, ...values });
  const res = await signIn(captain.phoneNumber as string);
  expect(res.statusCode).toBe(200);
  return { captain, car, token: res.json().data.token as string };
}

const fix = (lon: number, lat: number, at = Date.now()) => ({ lon, lat, heading: 90, speed: 30, at });

describe('sign-in by phone and SMS code', () => {
  it('sends a code to a known number typed any way, answers the same for an unknown one, signs in with the code', async () => {
    const { captain } = await makeCaptain(t.db, { online: false });
    const phone = captain.phoneNumber as string;

    const unknown = await call('POST', 'captain-app/send_code', null, { phone: '+377 6 99 99 99 99' });
    const known = await call('POST', 'captain-app/send_code', null, { phone: `00${phone.slice(1)}` });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().message).toBe(CAPTAIN_APP_MSG.codeSent);
    expect(known.json().message).toBe(unknown.json().message);
    expect(await codeSentTo('+37769999999')).toBeNull();
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call('POST', 'captain-app/login', null, {
      phone: spaced(phone),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([CAPTAIN_APP_MSG.wrongCode]);
    // An unknown number is told exactly what a wrong code is.
    const nobody = await call('POST', 'captain-app/login', null, { phone: '+37769999999', code: '123456' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors).toEqual(wrong.json().errors);

    const res = await call('POST', 'captain-app/login', null, { phone: spaced(phone), code });
    expect(res.statusCode).toBe(200);
    const { token, captain: profile } = res.json().data;
    expect(profile).toMatchObject({
      id: captain.id,
      first_name: captain.firstName,
      car: { number: expect.any(String) },
    });
    // Stored hashed only.
    const [row] = await t.db.select().from(captainSessions).where(eq(captainSessions.captainId, captain.id));
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.tokenHash).not.toContain(token);
    expect((await call('GET', 'captain-app/me', token)).json().data.id).toBe(captain.id);
    // The code worked once.
    expect((await call('POST', 'captain-app/login', null, { phone, code })).statusCode).toBe(422);
  });

  it('refuses a part of a number and malformed bodies with field errors', async () => {
    const part = await call('POST', 'captain-app/send_code', null, { phone: '61 00' });
    expect(part.statusCode).toBe(422);
    expect(part.json().errors.phone).toEqual([CAPTAIN_APP_MSG.wholePhone]);
    const missing = await call('POST', 'captain-app/login', null, { phone: '+37761000001' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['code']);
  });

  it('tells a blocked, an unapproved, an inactive captain and one without a car why, in their language', async () => {
    const cases = [
      ['blocked', { blockedUntil: new Date(Date.now() + 86_400_000) }, {}],
      ['unregistered', { registered: false }, {}],
      ['inactive', { active: false }, {}],
      ['no_car', {}, null],
    ] as const;
    for (const [reason, values, car] of cases) {
      const { captain } = await makeCaptain(t.db, { online: false, ...values }, car);
      const phone = captain.phoneNumber as string;
      await call('POST', 'captain-app/send_code', null, { phone });
      const code = await codeSentTo(phone);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/captain-app/login',
        headers: { 'accept-language': 'fr' },
        payload: { phone, code },
      });
      expect(res.statusCode, reason).toBe(403);
      expect(res.json().reason).toBe(reason);
      expect(res.json().message).not.toBe(CAPTAIN_REFUSAL_TEXT[reason]);
      expect(res.json().message).toMatch(/bureau/);
    }
  });

  it('keeps captain and staff sessions apart, and logout revokes (the last one takes the captain offline)', async () => {
    const { captain, token } = await signedInCaptain();
    const second = await captainLogin(t.app, captain.phoneNumber as string);
    expect((await call('POST', 'captain-app/online', token)).statusCode).toBe(200);
    const staffOnCaptain = await call('GET', 'captain-app/me', dispatcher);
    expect(staffOnCaptain.statusCode).toBe(401);
    expect((await call('GET', 'captain-app/offers', dispatcher)).statusCode).toBe(401);
    expect((await call('GET', 'tracking/captains', token)).statusCode).toBe(401);
    expect((await call('GET', 'check_auth', token)).statusCode).toBe(401);
    expect((await call('GET', 'captain-app/me', null)).statusCode).toBe(401);

    expect((await call('POST', 'captain-app/logout', token)).statusCode).toBe(200);
    expect((await call('GET', 'captain-app/me', token)).statusCode).toBe(401);
    expect((await call('GET', 'captain-app/me', second)).json().data.online).toBe(true);
    expect((await call('POST', 'captain-app/logout', second)).statusCode).toBe(200);
    const [row] = await t.db.select({ online: captains.online }).from(captains).where(eq(captains.id, captain.id));
    expect(row.online).toBe(false);
  });

  it('a captain blocked after signing in keeps their session but may no longer work', async () => {
    const { captain, token } = await signedInCaptain();
    await t.db
      .update(captains)
      .set({ blockedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(captains.id, captain.id));
    const online = await call('POST', 'captain-app/online', token);
    expect(online.statusCode).toBe(403);
    expect(online.json().reason).toBe('blocked');
    expect((await call('GET', 'captain-app/me', token)).statusCode).toBe(200);
    expect((await call('POST', 'captain-app/offline', token)).statusCode).toBe(200);
  });
});

describe('presence and positions', () => {
  it('online, then a position batch in time order shows on the tracking map', async () => {
    const { captain, token } = await signedInCaptain();
    const [lon, lat] = MAP_CENTER;
    expect((await call('POST', 'captain-app/positions', token, { positions: [fix(lon, lat)] })).statusCode).toBe(409);
    expect((await call('POST', 'captain-app/online', token)).json().data).toEqual({ online: true });

    const now = Date.now();
    const res = await call('POST', 'captain-app/positions', token, {
      positions: [
        fix(lon + 0.003, lat, now - 1_000),
        fix(lon + 0.001, lat, now - 3_000),
        fix(lon + 0.002, lat, now - 2_000),
        fix(lon, lat, now - CAPTAIN_POSITION_MAX_AGE_MS - 60_000),
        fix(lon, lat, now + 3_600_000),
        { lon: lon + 0.004, lat, at: new Date(now).toISOString() },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reported: 4,
      refused: [
        { index: 3, reason: 'too_old' },
        { index: 4, reason: 'in_future' },
      ],
    });
    const tracked = (await call('GET', 'tracking/captains', dispatcher)).json().data as TrackedCaptainDto[];
    const mine = tracked.find((c) => c.captain_id === captain.id);
    expect(mine).toMatchObject({ lon: lon + 0.004, lat });

    // A late batch older than what was reported does not move the car back.
    const late = await call('POST', 'captain-app/positions', token, { positions: [fix(lon, lat, now - 10_000)] });
    expect(late.json().data).toEqual({ reported: 0, refused: [{ index: 0, reason: 'out_of_order' }] });

    expect((await call('POST', 'captain-app/offline', token)).statusCode).toBe(200);
    const after = (await call('GET', 'tracking/captains', dispatcher)).json().data as TrackedCaptainDto[];
    expect(after.some((c) => c.captain_id === captain.id)).toBe(false);
  });

  it('refuses empty, oversized and out-of-range batches with field errors', async () => {
    const { token } = await signedInCaptain();
    await call('POST', 'captain-app/online', token);
    const empty = await call('POST', 'captain-app/positions', token, { positions: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty('positions');
    const many = Array.from({ length: CAPTAIN_POSITIONS_MAX + 1 }, () => fix(MAP_CENTER[0], MAP_CENTER[1]));
    expect((await call('POST', 'captain-app/positions', token, { positions: many })).statusCode).toBe(422);
    const off = await call('POST', 'captain-app/positions', token, {
      positions: [fix(MAP_CENTER[0], MAP_CENTER[1]), { lon: 7.4, lat: 95, at: Date.now() }],
    });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toHaveProperty(['positions.1.lat']);
  });
});

describe('offers and the ride', () => {
  async function captainReasonId(): Promise<number> {
    const [row] = await t.db.select().from(captainCancellationReasons).limit(1);
    if (row) return row.id;
    const [made] = await t.db.insert(captainCancellationReasons).values({ text: 'Car broke down' }).returning();
    return made.id;
  }

  it('lists an offer made to the captain, accepts it, and steps the ride to DONE, each step applied once', async () => {
    const { captain, token } = await signedInCaptain();
    const other = await signedInCaptain();
    const [lon, lat] = MAP_CENTER;
    await call('POST', 'captain-app/online', token);
    await call('POST', 'captain-app/positions', token, { positions: [fix(lon + 0.006, lat)] });

    const booking = await makeBooking(t.db, {
      pullDownLocationName: 'Port Hercule',
      pullDownLon: lon + 0.01,
      pullDownLat: lat,
    });
    expect(await t.app.bookings.offer(booking.id, captain.id, new Date(Date.now() + 30_000))).toBeTruthy();

    const offers = (await call('GET', 'captain-app/offers', token)).json().data as CaptainOfferDto[];
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      booking_id: booking.id,
      pickup: { name: 'Casino Square', lon, lat },
      dropoff: { name: 'Port Hercule' },
      offer_seconds: (await t.app.dispatchConfig.current()).offerMs / 1000,
    });
    expect(offers[0].distance_m).toBeGreaterThan(400);
    expect(offers[0].distance_m).toBeLessThan(600);
    expect((await call('GET', 'captain-app/offers', other.token)).json().data).toEqual([]);
    // Another captain answering this booking: not theirs, 404.
    expect(
      (await call('POST', `captain-app/offers/${booking.id}/answer`, other.token, { accept: true })).statusCode,
    ).toBe(404);
    expect((await call('POST', `captain-app/offers/${booking.id}/answer`, token, { accept: 'yes' })).statusCode).toBe(
      422,
    );

    const accepted = await call('POST', `captain-app/offers/${booking.id}/answer`, token, { accept: true });
    expect(accepted.statusCode).toBe(200);
    const [suggestion] = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.bookingId, booking.id));
    expect(suggestion.captainId).toBe(captain.id);
    expect((await call('GET', 'captain-app/offers', token)).json().data).toEqual([]);
    // The office lets the AI dispatch it: the ride is the captain's.
    expect((await call('POST', `booking/${booking.id}/let_ai_dispatch_it`, dispatcher)).statusCode).toBe(200);

    const current = (await call('GET', 'captain-app/rides/current', token)).json().data as CaptainRideDto[];
    expect(current.map((r) => [r.booking_id, r.status, r.next_status])).toEqual([[booking.id, 'APPROVED', 'ACCEPTED']]);
    expect((await call('GET', 'captain-app/rides/current', other.token)).json().data).toEqual([]);

    // Another captain's booking is a 404, for steps and cancels alike.
    const foreign = await call('POST', `captain-app/bookings/${booking.id}/step`, other.token, {
      step_id: 'foreign-0001',
    });
    expect(foreign.statusCode).toBe(404);
    const foreignCancel = await call('POST', `captain-app/bookings/${booking.id}/cancel`, other.token, {
      step_id: 'foreign-0002',
      reason_id: await captainReasonId(),
    });
    expect(foreignCancel.statusCode).toBe(404);

    const steps = ['ACCEPTED', 'STARTED', 'ARRIVED', 'PICKED_UP', 'DONE'] as const;
    for (const [i, status] of steps.entries()) {
      const body = { step_id: `ride-step-${booking.id}-${i}`, lon: lon + 0.0001, lat };
      const first = await call('POST', `captain-app/bookings/${booking.id}/step`, token, body);
      expect(first.statusCode, status).toBe(200);
      expect(first.json().data.status).toBe(status);
      // The phone retries after a lost answer: the same answer, nothing applied again.
      const again = await call('POST', `captain-app/bookings/${booking.id}/step`, token, body);
      expect(again.statusCode, status).toBe(200);
      expect(again.json()).toEqual(first.json());
      const rows = await t.db
        .select()
        .from(bookingStatuses)
        .where(and(eq(bookingStatuses.bookingId, booking.id), eq(bookingStatuses.status, status)));
      expect(rows, status).toHaveLength(1);
      if (status === 'STARTED') {
        // Driving into the pickup radius enters the geofence.
        await call('POST', 'captain-app/positions', token, { positions: [fix(lon + 0.0002, lat)] });
      }
    }
    const fences = await t.db.select().from(geofenceLogs).where(eq(geofenceLogs.bookingId, booking.id));
    expect(fences).toHaveLength(1);
    expect(fences[0].enterTime).not.toBeNull();

    const done = (await call('GET', 'captain-app/rides/current', token)).json().data as CaptainRideDto[];
    expect(done.map((r) => [r.status, r.next_status, r.cancellable])).toEqual([['DONE', null, false]]);
    // No step follows DONE in the app (payment is the office's): 409.
    const past = await call('POST', `captain-app/bookings/${booking.id}/step`, token, { step_id: 'after-done-1' });
    expect(past.statusCode).toBe(409);
    // A step id used for this booking's step is not a cancel's.
    const reused = await call('POST', `captain-app/bookings/${booking.id}/cancel`, token, {
      step_id: `ride-step-${booking.id}-0`,
      reason_id: await captainReasonId(),
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.step_id).toEqual([CAPTAIN_APP_MSG.stepIdReused]);
  });

  it('gives a dispatched ride up with a reason once, with the reasons listed', async () => {
    const { captain, token } = await signedInCaptain();
    await call('POST', 'captain-app/online', token);
    const booking = await makeBooking(t.db);
    expect((await call('PUT', `dispatch/${booking.id}/${captain.id}`, dispatcher)).statusCode).toBe(200);
    const reasonId = await captainReasonId();
    const reasons = (await call('GET', 'captain-app/cancellation-reasons', token)).json().data as { id: number }[];
    expect(reasons.map((r) => r.id)).toContain(reasonId);

    const unknown = await call('POST', `captain-app/bookings/${booking.id}/cancel`, token, {
      step_id: 'cancel-unknown-1',
      reason_id: 999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('reason_id');

    // The same step sent twice at once (the phone retrying while the first is on its way): applied once.
    const step = { step_id: `race-step-${booking.id}` };
    const raced = await Promise.all([
      call('POST', `captain-app/bookings/${booking.id}/step`, token, step),
      call('POST', `captain-app/bookings/${booking.id}/step`, token, step),
    ]);
    const codes = raced.map((r) => r.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    for (const r of raced.filter((r) => r.statusCode === 200)) expect(r.json().data.status).toBe('ACCEPTED');
    const accepted = await t.db
      .select()
      .from(bookingStatuses)
      .where(and(eq(bookingStatuses.bookingId, booking.id), eq(bookingStatuses.status, 'ACCEPTED')));
    expect(accepted).toHaveLength(1);

    const body = { step_id: `cancel-step-${booking.id}`, reason_id: reasonId };
    const first = await call('POST', `captain-app/bookings/${booking.id}/cancel`, token, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      booking_id: booking.id,
      status: 'CAPTAIN_CANCELLED',
      cancellable: false,
    });
    const again = await call('POST', `captain-app/bookings/${booking.id}/cancel`, token, body);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db
      .select()
      .from(bookingStatuses)
      .where(and(eq(bookingStatuses.bookingId, booking.id), eq(bookingStatuses.status, 'CAPTAIN_CANCELLED')));
    expect(rows).toHaveLength(1);
    const [ride] = await t.db.select().from(rides).where(eq(rides.captainId, captain.id));
    expect(ride).toBeDefined();
    expect((await call('GET', 'captain-app/rides/current', token)).json().data).toEqual([]);
  });
});
