import {
  AI_MSG,
  type AiDispatchPopupPayload,
  type AiPassPayload,
  type AiSuggestionStatus,
  aiServiceChangeTargets,
  BOOKING_MSG,
  type BookingDto,
  canMoveAi,
  EVENTS,
  MAP_CENTER,
  nextStatuses,
  popupDueFor,
  type SuggestionPopupPayload,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aiSuggestions, bookingSuggestions, bookings, rides, users } from '../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { bearer, listeningAppForFile, loginAll, PinnableClock } from './helpers';

const MIN = 60_000;
const clock = new PinnableClock();
const t = listeningAppForFile({ clock });
let disp: string;
let airport: string;
let gov: string;
let callcenter: string;
let admin: string;

beforeAll(async () => {
  [disp, airport, gov, callcenter, admin] = await loginAll(
    t.app,
    'dispatcher@example.com',
    'airport@example.com',
    'gov@example.com',
    'callcenter@example.com',
    'admin@example.com',
  );
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null = disp, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: token ? bearer(token) : {}, payload });

/** A captain online at a position (default 500 m east of the pickup), known to the live index. */
async function captainAt(dLon = 0.006) {
  const { captain } = await makeCaptain(t.db, { lastLon: MAP_CENTER[0] + dLon, lastLat: MAP_CENTER[1] });
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, MAP_CENTER[0] + dLon, MAP_CENTER[1]);
  return captain;
}

/** A PENDING booking with an open AI suggestion for a new captain. */
async function suggested(values: Parameters<typeof makeBooking>[1] = {}, dLon = 0.006) {
  const captain = await captainAt(dLon);
  const booking = await makeBooking(t.db, values);
  const suggestion = await t.app.ai.propose(booking.id, captain.id);
  return { captain, booking, suggestion };
}

/** The booking log's "By" of the booking's dispatch. */
async function dispatchDoer(bookingId: number): Promise<string | null> {
  const logs = (await call('GET', `booking/${bookingId}/logs`)).json().data as { title: string; doer: string | null }[];
  return logs.find((l) => l.title === 'dispatch')?.doer ?? null;
}

describe('AI state machine', () => {
  it('allows only the documented moves', () => {
    expect(canMoveAi('PROPOSED', 'DISPATCHED')).toBe(true);
    expect(canMoveAi('PROPOSED', 'SNOOZED')).toBe(true);
    expect(canMoveAi('SNOOZED', 'PROPOSED')).toBe(true);
    expect(canMoveAi('SNOOZED', 'CONFIRMED')).toBe(false);
    expect(canMoveAi('DISPATCHED', 'PROPOSED')).toBe(false);
    expect(canMoveAi('EXPIRED', 'DISPATCHED')).toBe(false);
  });
  it('lists the legal next booking statuses', () => {
    expect(nextStatuses('PENDING')).toEqual(expect.arrayContaining(['APPROVED', 'PAX_CANCELLED']));
    expect(nextStatuses('PENDING')).not.toContain('ARRIVED');
    expect(nextStatuses('DONE')).toEqual(['PAID']);
    expect(nextStatuses('PAID')).toEqual([]);
    expect(nextStatuses('ARRIVED')).toEqual(expect.arrayContaining(['PICKED_UP', 'CAPTAIN_CANCELLED']));
  });
});

describe('POST booking/{id}/let_ai_dispatch_it', () => {
  it('401, 403, 404, 409 without a suggestion, then dispatches to the suggested captain once', async () => {
    const { booking, captain } = await suggested();
    expect((await call('POST', `booking/${booking.id}/let_ai_dispatch_it`, null)).statusCode).toBe(401);
    expect((await call('POST', `booking/${booking.id}/let_ai_dispatch_it`, airport)).statusCode).toBe(403);
    expect((await call('POST', 'booking/999999/let_ai_dispatch_it')).statusCode).toBe(404);
    const bare = await makeBooking(t.db);
    const none = await call('POST', `booking/${bare.id}/let_ai_dispatch_it`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(AI_MSG.noSuggestion);

    const res = await call('POST', `booking/${booking.id}/let_ai_dispatch_it`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BOOKING_MSG.dispatched(booking.id));
    const dto = res.json().data as BookingDto;
    expect(dto.status).toBe('APPROVED');
    const [ride] = await t.db
      .select()
      .from(rides)
      .where(eq(rides.id, dto.ride_id as number));
    expect(ride.captainId).toBe(captain.id);
    const [s] = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.bookingId, booking.id));
    expect(s.status).toBe('DISPATCHED');
    expect(t.app.locations.stateOf(captain.id)).toBe('TO_PICKUP');
    expect((await call('POST', `booking/${booking.id}/let_ai_dispatch_it`)).statusCode).toBe(409);
  });

  it('races a human dispatch: exactly one wins, the other gets 409', async () => {
    const { booking } = await suggested();
    const other = await captainAt(0.004);
    const [a, b] = await Promise.all([
      call('POST', `booking/${booking.id}/let_ai_dispatch_it`),
      call('PUT', `dispatch/${booking.id}/${other.id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe('APPROVED');
    const rideRows = await t.db
      .select()
      .from(rides)
      .where(eq(rides.id, row.rideId as number));
    expect(rideRows).toHaveLength(1);
  });
});

describe('POST booking/{id}/snooze', () => {
  it('401, 403, 409, then snoozes for the user interval and records snoozed_at', async () => {
    const { booking } = await suggested();
    expect((await call('POST', `booking/${booking.id}/snooze`, null)).statusCode).toBe(401);
    expect((await call('POST', `booking/${booking.id}/snooze`, airport)).statusCode).toBe(403);
    expect((await call('PUT', 'ai_status', disp, { snooze_interval: 7 })).statusCode).toBe(200);
    const res = await call('POST', `booking/${booking.id}/snooze`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AI_MSG.snoozed(7));
    expect(res.json().data.ai_status.snoozed_at).toBeTruthy();
    const [s] = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.bookingId, booking.id));
    expect(s.status).toBe('SNOOZED');
    expect(s.countdownUntil.getTime()).toBeGreaterThan(Date.now() + 6 * MIN);
    // A snoozed suggestion is not passed by a console's countdown, and cannot be snoozed twice.
    await expect(
      t.app.ai.pass(booking.id, { id: 1, roles: [], permissions: ['DISPATCHING'] }, 'client'),
    ).rejects.toMatchObject({ status: 409 });
    expect((await call('POST', `booking/${booking.id}/snooze`)).statusCode).toBe(409);
    // Operators who just snoozed get no popups until the interval is over.
    const [u] = await t.db.select().from(users).where(eq(users.email, 'dispatcher@example.com'));
    expect(await t.app.ai.activeOperators()).not.toContain(u.id);
    await call('PUT', 'ai_status', disp, { snooze_interval: 0 });
    await t.app.users.setAiStatus(u.id, { snoozed_at: null });
  });
});

describe('time-change suggestions', () => {
  const later = () => ({ now: false, datetime: new Date(Date.now() + MIN) });

  it('a late captain for a scheduled booking makes a time_change suggestion', async () => {
    const { suggestion } = await suggested(later(), 0.12);
    expect(suggestion.kind).toBe('time_change');
    expect(suggestion.newTime?.getTime()).toBeGreaterThan(Date.now() + 5 * MIN);
    const popup = (await t.app.ai.popupOf(suggestion)) as SuggestionPopupPayload;
    expect(popup).toMatchObject({ type: 'time_change', booking_id: suggestion.bookingId });
    expect(popup.captain_name).toMatch(/^Cap Tain/);
    expect(popup.original_time).not.toBe(popup.new_time);
  });

  it('confirm_suggestion: 401, 403, 409 for a dispatch suggestion, then applies the new time and dispatches', async () => {
    const plain = await suggested();
    expect((await call('POST', `booking/${plain.booking.id}/confirm_suggestion`, null)).statusCode).toBe(401);
    expect((await call('POST', `booking/${plain.booking.id}/confirm_suggestion`, airport)).statusCode).toBe(403);
    const wrong = await call('POST', `booking/${plain.booking.id}/confirm_suggestion`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(AI_MSG.notTimeChange);

    const { booking, suggestion } = await suggested(later(), 0.12);
    const res = await call('POST', `booking/${booking.id}/confirm_suggestion`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.datetime.getTime()).toBe(suggestion.newTime?.getTime());
    expect(row.status).toBe('APPROVED');
    expect((await call('POST', `booking/${booking.id}/confirm_suggestion`)).statusCode).toBe(409);
  });

  it('the Goverment role may neither let the AI dispatch nor accept a new time (bookings.md §6: details only)', async () => {
    const { booking } = await suggested(later(), 0.12);
    const res = await call('POST', `booking/${booking.id}/confirm_suggestion`, gov);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BOOKING_MSG.governmentForbidden);
    const [s] = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.bookingId, booking.id));
    expect(s.status).toBe('PROPOSED');
    const plain = await suggested();
    const pass = await call('POST', `booking/${plain.booking.id}/let_ai_dispatch_it`, gov);
    expect(pass.statusCode).toBe(403);
    expect(pass.json().message).toBe(BOOKING_MSG.governmentForbidden);
    for (const action of ['snooze', 'refuse_suggestion']) {
      expect((await call('POST', `booking/${plain.booking.id}/${action}`, gov)).statusCode).toBe(403);
    }
  });

  it('refuse_suggestion: 401, 403, then keeps the time and releases the captain', async () => {
    const { booking, captain } = await suggested(later(), 0.12);
    expect((await call('POST', `booking/${booking.id}/refuse_suggestion`, null)).statusCode).toBe(401);
    expect((await call('POST', `booking/${booking.id}/refuse_suggestion`, airport)).statusCode).toBe(403);
    const res = await call('POST', `booking/${booking.id}/refuse_suggestion`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.datetime.getTime()).toBe(booking.datetime.getTime());
    expect(row.status).toBe('PENDING');
    const [s] = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.bookingId, booking.id));
    expect(s.status).toBe('REFUSED');
    expect(s.captainId).toBe(captain.id);
    expect((await call('POST', `booking/${booking.id}/refuse_suggestion`)).statusCode).toBe(409);
  });
});

describe('service-change suggestions', () => {
  /**
   * A VIP booking with no free VIP captain, and a free full-car captain 300 m away: the AI offers the
   * booking to that captain; their acceptance opens the service-change popup. Each call is placed far
   * from the others (and from the demo's captains) so that its captain is the only one around.
   */
  let far = 0;
  async function serviceChange() {
    far += 1;
    const lat = MAP_CENTER[1] + 0.4 * far;
    const { captain } = await makeCaptain(
      t.db,
      { serviceIds: [2], lastLon: MAP_CENTER[0] + 0.003, lastLat: lat },
      { vehicleType: 'sedan', seats: 4 },
    );
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, MAP_CENTER[0] + 0.003, lat);
    const passenger = await makePassenger(t.db, { whatsappNumber: '+377 6 99 88 77 66' });
    const booking = await makeBooking(t.db, {
      serviceId: 7,
      vehicleType: 'luxury',
      passengerId: passenger.id,
      pickUpLat: lat,
    });
    return { captain, booking };
  }

  it('follows the shared rule: pooling → full car (→ VIP when allowed), VIP → full car, others keep theirs', () => {
    expect(aiServiceChangeTargets(1, false)).toEqual([2]);
    expect(aiServiceChangeTargets(1, true)).toEqual([2, 7]);
    expect(aiServiceChangeTargets(2, false)).toEqual([]);
    expect(aiServiceChangeTargets(2, true)).toEqual([7]);
    expect(aiServiceChangeTargets(7, false)).toEqual([2]);
    expect(aiServiceChangeTargets(4, true)).toEqual([]);
  });

  it('offers a captain of another service, opens the popup, and confirm switches the service then dispatches', async () => {
    const { captain, booking } = await serviceChange();
    expect((await t.app.dispatchEngine.rank(booking.id)).candidates).toEqual([]);
    expect(await t.app.ai.offerNext(booking.id)).toBe(captain.id);
    const suggestion = await t.app.ai.answerOffer(captain.id, booking.id, true);
    expect(suggestion).toMatchObject({ kind: 'service_change', newServiceId: 2, status: 'PROPOSED' });
    expect(suggestion?.newTime?.getTime()).toBe(booking.datetime.getTime());
    const popup = (await t.app.ai.popupOf(suggestion as NonNullable<typeof suggestion>)) as SuggestionPopupPayload;
    expect(popup).toMatchObject({
      type: 'service_change',
      booking_id: booking.id,
      new_service: 'Full car',
      passenger_whatsapp: '+377 6 99 88 77 66',
      captain_name: `${captain.firstName} ${captain.lastName}`,
    });

    // 'Ok, Let AI Dispatch it' and Ai:pass_booking cannot skip the passenger's answer.
    const skip = await call('POST', `booking/${booking.id}/let_ai_dispatch_it`);
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(AI_MSG.needsAnswer);

    const res = await call('POST', `booking/${booking.id}/confirm_suggestion`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AI_MSG.serviceConfirmed('Full car'));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ serviceId: 2, vehicleType: 'sedan', status: 'APPROVED' });
    const [ride] = await t.db
      .select()
      .from(rides)
      .where(eq(rides.id, row.rideId as number));
    expect(ride.captainId).toBe(captain.id);
    const logs = await call('GET', `booking/${booking.id}/logs`);
    expect(JSON.stringify(logs.json())).toContain('ai_service_change');
  });

  it('confirm is one outcome: a captain who took another ride meanwhile is a 409 and the service stays', async () => {
    const { captain, booking } = await serviceChange();
    await t.app.ai.offerNext(booking.id);
    const suggestion = await t.app.ai.answerOffer(captain.id, booking.id, true);
    expect(suggestion).toMatchObject({ kind: 'service_change', status: 'PROPOSED' });
    // Before the passenger answers, the captain is dispatched to another order.
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    await makeBooking(t.db, { status: 'STARTED', rideId: ride.id, pickUpLat: booking.pickUpLat });

    const res = await call('POST', `booking/${booking.id}/confirm_suggestion`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_MSG.captainBusy);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ serviceId: 7, vehicleType: 'luxury', status: 'PENDING', rideId: null });
    expect(row.datetime.getTime()).toBe(booking.datetime.getTime());
    // The suggestion is over (its captain is taken): it is not confirmed, and not left open to confirm again.
    const [s] = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.bookingId, booking.id));
    expect(s.status).toBe('EXPIRED');
    expect((await call('POST', `booking/${booking.id}/confirm_suggestion`)).statusCode).toBe(409);
    const logs = JSON.stringify((await call('GET', `booking/${booking.id}/logs`)).json());
    expect(logs).not.toContain('ai_service_change');
  });

  it('refuse keeps the service, releases the captain, and the refused service is not suggested again', async () => {
    const { captain, booking } = await serviceChange();
    await t.app.ai.offerNext(booking.id);
    await t.app.ai.answerOffer(captain.id, booking.id, true);
    const res = await call('POST', `booking/${booking.id}/refuse_suggestion`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AI_MSG.serviceRefused);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ serviceId: 7, status: 'PENDING', suggestionCaptainId: null });
    expect(t.app.locations.stateOf(captain.id)).toBe('FREE');
    expect(await t.app.ai.offerNext(booking.id)).toBeNull();
  });

  it('a captain of the booked service gets a plain dispatch suggestion', async () => {
    const { captain, booking } = await serviceChange();
    await t.db.update(bookings).set({ serviceId: 2, vehicleType: 'sedan' }).where(eq(bookings.id, booking.id));
    expect(await t.app.ai.offerNext(booking.id)).toBe(captain.id);
    const suggestion = await t.app.ai.answerOffer(captain.id, booking.id, true);
    expect(suggestion).toMatchObject({ kind: 'dispatch', newServiceId: null });
  });
});

describe('AI status', () => {
  it('401, 422, then saves and reads back', async () => {
    expect((await call('GET', 'ai_status', null)).statusCode).toBe(401);
    const bad = await call('PUT', 'ai_status', disp, { snooze_interval: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.snooze_interval).toBeTruthy();
    const res = await call('PUT', 'ai_status', disp, { ai_stopped: true, dispatch_interval: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ai_stopped: '1', dispatch_interval: 15 });
    expect((await call('GET', 'ai_status')).json().data.ai_stopped).toBe('1');
    const [u] = await t.db.select().from(users).where(eq(users.email, 'dispatcher@example.com'));
    expect(await t.app.ai.activeOperators()).not.toContain(u.id);
    await call('PUT', 'ai_status', disp, { ai_stopped: false });
    expect(await t.app.ai.activeOperators()).toContain(u.id);
  });
});

describe('offers to captains', () => {
  it('an offer sets the card countdown; a refusal frees it; an acceptance opens the AI suggestion', async () => {
    const captain = await captainAt(0.0005);
    const booking = await makeBooking(t.db);
    expect(await t.app.bookings.offer(booking.id, captain.id, new Date(Date.now() + 30_000))).toBeTruthy();
    // A second offer while one is live is refused (compare-and-set).
    expect(await t.app.bookings.offer(booking.id, captain.id, new Date(Date.now() + 30_000))).toBeNull();
    let dto = await t.app.bookings.show(booking.id);
    expect(dto.active_captain_suggestion?.captain_name).toBe(`${captain.firstName} ${captain.lastName}`);
    await t.app.ai.answerOffer(captain.id, booking.id, false);
    dto = await t.app.bookings.show(booking.id);
    expect(dto.active_captain_suggestion).toBeFalsy();
    const [refused] = await t.db.select().from(bookingSuggestions).where(eq(bookingSuggestions.bookingId, booking.id));
    expect(refused.status).toBe('REFUSED');

    await t.app.bookings.offer(booking.id, captain.id, new Date(Date.now() + 30_000));
    const s = await t.app.ai.answerOffer(captain.id, booking.id, true);
    expect(s?.status).toBe('PROPOSED');
    expect(s?.countdownUntil.getTime()).toBeGreaterThan(Date.now() + 140_000);
  });
});

describe('socket lifecycle', () => {
  it('suggestion event → a console emits Ai:pass_booking at zero → the booking is dispatched once', async () => {
    const socket = await t.connected(disp);
    const captain = await captainAt(0.003);
    const booking = await makeBooking(t.db, {
      pickUpLocationName: 'Gare',
      pullDownLocationName: 'Port',
      pullDownLon: MAP_CENTER[0] + 0.01,
      pullDownLat: MAP_CENTER[1] + 0.005,
    });
    const popup = new Promise<AiDispatchPopupPayload>((resolve) =>
      socket.on(EVENTS.aiNewNowBooking, (p) => {
        if (p.booking_id === booking.id && p.type === 'dispatch') resolve(p);
      }),
    );
    await t.app.bookings.offer(booking.id, captain.id, new Date(Date.now() + 30_000));
    await t.app.ai.answerOffer(captain.id, booking.id, true);
    const p = await popup;
    expect(p).toMatchObject({
      booking_id: booking.id,
      pick_up_location_name: 'Gare',
      pull_down_location_name: 'Port',
      captain: { id: captain.id, first_name: captain.firstName },
    });
    expect(p.eta).toBeGreaterThanOrEqual(1);
    expect(p.trip_minutes).toBeGreaterThanOrEqual(1);
    expect(p.min_pick_up_time).toMatch(/^\d\d:\d\d$/);
    expect(new Date(p.countdown_until).getTime() - Date.now()).toBeGreaterThan(140_000);

    const updated = new Promise<BookingDto>((resolve) => {
      const h = (b: BookingDto) => b.id === booking.id && b.status === 'APPROVED' && resolve(b);
      socket.on(EVENTS.bookingStatusUpdate, h);
      socket.on(EVENTS.updateBooking, h);
    });
    const passed = new Promise<AiPassPayload>((resolve) =>
      socket.on(EVENTS.aiPassSuggestion, (x) => x.booking_id === booking.id && resolve(x)),
    );
    socket.emit(EVENTS.aiPassBooking, { booking_id: booking.id });
    socket.emit(EVENTS.aiPassBooking, { booking_id: booking.id });
    expect((await updated).status).toBe('APPROVED');
    expect((await passed).status).toBe('DISPATCHED');
    await new Promise((r) => setTimeout(r, 200));
    const rideRows = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(rideRows[0].status).toBe('APPROVED');
    // Nobody clicked: the booking log names the AI, not the console's user.
    expect(await dispatchDoer(booking.id)).toBe(AI_MSG.countdownDoer);
  });
});

describe('the AI sweep', () => {
  it('dispatches at zero, expires a suggestion a human dispatched first, and snoozes a time change at zero', async () => {
    const a = await suggested();
    const b = await suggested();
    const c = await suggested({ now: false, datetime: new Date(Date.now() + MIN) }, 0.12);
    const human = await captainAt(0.002);
    expect((await call('PUT', `dispatch/${b.booking.id}/${human.id}`)).statusCode).toBe(200);
    const status = async (id: number) =>
      (await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.id, id)))[0].status;
    clock.pinned = Date.now() + 151_000;
    try {
      await t.app.ai.tick();
      expect(await status(a.suggestion.id)).toBe('DISPATCHED');
      // The consoles that have the time change snooze it (their operator's popups with it): the sweep leaves them
      // a few seconds, then does it itself.
      expect(await status(c.suggestion.id)).toBe('PROPOSED');
      clock.pinned = Date.now() + 160_000;
      await t.app.ai.tick();
    } finally {
      clock.pinned = null;
    }
    expect((await t.app.bookings.find(a.booking.id)).status).toBe('APPROVED');
    expect(await dispatchDoer(a.booking.id)).toBe(AI_MSG.countdownDoer);
    expect(await status(b.suggestion.id)).toBe('EXPIRED');
    expect(await status(c.suggestion.id)).toBe('SNOOZED');
    expect((await t.app.bookings.find(c.booking.id)).status).toBe('PENDING');
  });
});

describe('who gets AI popups', () => {
  it('only users aiPolicy.popups allows whose AI is on: never the Goverment role nor the airport desk', async () => {
    const idOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0].id;
    const [d, g, p] = [
      await idOf('dispatcher@example.com'),
      await idOf('gov@example.com'),
      await idOf('airport@example.com'),
    ];
    const on = await t.app.ai.activeOperators();
    expect(on).toContain(d);
    expect(on).not.toContain(g);
    expect(on).not.toContain(p);

    const govSocket = await t.connected(gov);
    const dispSocket = await t.connected(disp);
    const govGot: number[] = [];
    govSocket.on(EVENTS.aiNewNowBooking, (x) => govGot.push(x.booking_id));
    govSocket.on(EVENTS.aiNewSuggestion, (x) => govGot.push(x.booking_id));
    const captain = await captainAt(0.003);
    const booking = await makeBooking(t.db);
    const reached = new Promise<number>((resolve) =>
      dispSocket.on(EVENTS.aiNewNowBooking, (x) => x.booking_id === booking.id && resolve(x.booking_id)),
    );
    await t.app.ai.propose(booking.id, captain.id);
    expect(await reached).toBe(booking.id);
    // The Goverment console shares the users' channel: a popup would have come with the dispatcher's.
    await new Promise((r) => setTimeout(r, 100));
    expect(govGot).not.toContain(booking.id);

    // A Goverment console that reaches zero anyway dispatches nothing.
    govSocket.emit(EVENTS.aiPassBooking, { booking_id: booking.id });
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.app.bookings.find(booking.id)).status).toBe('PENDING');
    expect((await call('GET', 'ai/suggestions', gov)).statusCode).toBe(403);
  });

  it('only operators who are online: signing in puts them online, the switch or signing out takes them off', async () => {
    const id = (await t.db.select().from(users).where(eq(users.email, 'dispatcher@example.com')))[0].id;
    expect(await t.app.ai.activeOperators()).toContain(id);
    await suggested();
    expect(((await call('GET', 'ai/suggestions', disp)).json().data as unknown[]).length).toBeGreaterThan(0);

    expect((await call('PUT', 'online', disp, { online: false })).statusCode).toBe(200);
    expect(await t.app.ai.activeOperators()).not.toContain(id);
    expect((await call('GET', 'ai/suggestions', disp)).json().data).toEqual([]);

    expect((await call('PUT', 'online', disp, { online: true })).statusCode).toBe(200);
    expect(await t.app.ai.activeOperators()).toContain(id);
  });

  it("'Ok, Let AI Dispatch it': the booking log names the user who clicked", async () => {
    const { booking } = await suggested();
    const res = await call('POST', `booking/${booking.id}/let_ai_dispatch_it`);
    expect(res.statusCode).toBe(200);
    const doer = await dispatchDoer(booking.id);
    expect(doer).toBeTruthy();
    expect(doer).not.toBe(AI_MSG.countdownDoer);
  });
});

describe('GET ai/suggestions', () => {
  it('401, 403, the open popups, none for a user whose AI is stopped', async () => {
    const { suggestion } = await suggested();
    expect((await call('GET', 'ai/suggestions', null)).statusCode).toBe(401);
    expect((await call('GET', 'ai/suggestions', airport)).statusCode).toBe(403);
    const res = await call('GET', 'ai/suggestions');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toContain(suggestion.id);
    await call('PUT', 'ai_status', disp, { ai_stopped: 1 });
    expect((await call('GET', 'ai/suggestions')).json().data).toEqual([]);
    await call('PUT', 'ai_status', disp, { ai_stopped: 0 });
  });

  it("dispatch_interval: scheduled orders further out than the user's interval bring no popup", async () => {
    const soon = await suggested({ now: false, datetime: new Date(Date.now() + 5 * MIN) }, 0.001);
    const later = await suggested({ now: false, datetime: new Date(Date.now() + 25 * MIN) }, 0.001);
    const immediate = await suggested({}, 0.001);
    const ids = async () => (await call('GET', 'ai/suggestions')).json().data.map((p: { id: number }) => p.id);
    await call('PUT', 'ai_status', disp, { dispatch_interval: 0 });
    expect(await ids()).toEqual(expect.arrayContaining([soon.suggestion.id, later.suggestion.id]));

    await call('PUT', 'ai_status', disp, { dispatch_interval: 10 });
    const shown = await ids();
    expect(shown).toContain(soon.suggestion.id);
    expect(shown).toContain(immediate.suggestion.id);
    expect(shown).not.toContain(later.suggestion.id);
    await call('PUT', 'ai_status', disp, { dispatch_interval: 0 });
  });
});

describe('popupDueFor', () => {
  it('immediate orders always; scheduled ones within the interval; 0 means all', () => {
    const now = Date.now();
    expect(popupDueFor(10, { now: true, datetime: now + 60 * MIN }, now)).toBe(true);
    expect(popupDueFor(10, { now: false, datetime: now + 10 * MIN }, now)).toBe(true);
    expect(popupDueFor(10, { now: false, datetime: now + 10 * MIN + 1000 }, now)).toBe(false);
    expect(popupDueFor(0, { now: false, datetime: now + 600 * MIN }, now)).toBe(true);
  });
});

describe("every way a suggestion ends leaves every console's queue at once", () => {
  afterEach(async () => {
    clock.pinned = null;
    await call('PUT', 'ai_status', disp, { snoozed_at: null });
  });

  it('confirm, refuse, snooze, the AI, a human dispatch, a cancellation and the countdown: Ai:pass_suggestion', async () => {
    // Another operator's console: whatever ends a popup on the dispatcher's ends it there.
    const other = await t.connected(callcenter);
    const passes: AiPassPayload[] = [];
    const bookingPasses: AiPassPayload[] = [];
    other.on(EVENTS.aiPassSuggestion, (p) => passes.push(p));
    other.on(EVENTS.aiPassBooking, (p) => bookingPasses.push(p));
    const ended = (bookingId: number, status: AiSuggestionStatus) =>
      vi.waitFor(() => expect(passes).toContainEqual(expect.objectContaining({ booking_id: bookingId, status })), {
        timeout: 3000,
      });
    const later = () => ({ now: false, datetime: new Date(Date.now() + MIN) });

    const confirmed = await suggested(later(), 0.12);
    expect((await call('POST', `booking/${confirmed.booking.id}/confirm_suggestion`)).statusCode).toBe(200);
    await ended(confirmed.booking.id, 'CONFIRMED');

    const refused = await suggested(later(), 0.12);
    expect((await call('POST', `booking/${refused.booking.id}/refuse_suggestion`)).statusCode).toBe(200);
    await ended(refused.booking.id, 'REFUSED');

    const snoozed = await suggested();
    expect((await call('POST', `booking/${snoozed.booking.id}/snooze`)).statusCode).toBe(200);
    await ended(snoozed.booking.id, 'SNOOZED');

    const byAi = await suggested();
    expect((await call('POST', `booking/${byAi.booking.id}/let_ai_dispatch_it`)).statusCode).toBe(200);
    await ended(byAi.booking.id, 'DISPATCHED');
    await vi.waitFor(() => expect(bookingPasses.map((p) => p.booking_id)).toContain(byAi.booking.id));

    // A human dispatches to another captain, or cancels: no sweep runs here, the popup goes at once.
    const human = await suggested();
    const someoneElse = await captainAt(0.002);
    expect((await call('PUT', `dispatch/${human.booking.id}/${someoneElse.id}`)).statusCode).toBe(200);
    await ended(human.booking.id, 'EXPIRED');
    const cancelled = await suggested();
    const reasons = (await call('GET', 'user_cancellation_reason')).json().data as { id: number }[];
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${cancelled.booking.id}?user_cancellation_reason_id=${reasons[0].id}`,
      headers: bearer(disp),
    });
    expect(cancel.statusCode).toBe(200);
    await ended(cancelled.booking.id, 'EXPIRED');

    // The countdown: a dispatch suggestion passes to the AI, a time change is snoozed.
    const atZero = await suggested();
    const timeAtZero = await suggested(later(), 0.12);
    // (a time change at zero is left to the consoles a few seconds first: the sweep's grace)
    clock.pinned = Date.now() + 160_000;
    await t.app.ai.tick();
    clock.pinned = null;
    await ended(atZero.booking.id, 'DISPATCHED');
    await ended(timeAtZero.booking.id, 'SNOOZED');
  });
});

describe('who is offered AI popups (setting AI_POPUP_AUDIENCE)', () => {
  const setAudience = async (value: 'all' | 'round_robin') =>
    expect((await call('PUT', 'settings/dispatching', admin, { AI_POPUP_AUDIENCE: value })).statusCode).toBe(200);
  afterEach(async () => {
    vi.restoreAllMocks();
    await setAudience('all');
  });

  /** Who each new suggestion's popup was sent to, in the order they were proposed. */
  async function recipientsOf(count: number): Promise<{ suggestionId: number; to: number[] }[]> {
    const emit = vi.spyOn(t.app.realtime, 'emitToUser');
    const out: { suggestionId: number; to: number[] }[] = [];
    for (let i = 0; i < count; i++) {
      const { suggestion } = await suggested({}, 0.001 + i * 0.0005);
      const to = emit.mock.calls
        .filter(
          ([, event, payload]) =>
            (event === EVENTS.aiNewNowBooking || event === EVENTS.aiNewSuggestion) &&
            (payload as { id: number }).id === suggestion.id,
        )
        .map(([userId]) => userId);
      out.push({ suggestionId: suggestion.id, to });
    }
    emit.mockRestore();
    return out;
  }

  it('422 for a value outside the list; every operator by default; one at a time in turn when set', async () => {
    const bad = await call('PUT', 'settings/dispatching', admin, { AI_POPUP_AUDIENCE: 'everyone' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('AI_POPUP_AUDIENCE');
    expect((await call('GET', 'settings/dispatching', admin)).json().data.values.AI_POPUP_AUDIENCE).toBe('all');

    const operators = [...(await t.app.ai.activeOperators())].sort((a, b) => a - b);
    expect(operators.length).toBeGreaterThanOrEqual(2);

    // Today's behaviour: each popup to every operator whose AI is on.
    for (const { to } of await recipientsOf(2)) expect([...to].sort((a, b) => a - b)).toEqual(operators);

    // In turn: each popup to one operator, the next one each time, round and round.
    await setAudience('round_robin');
    const turns = await recipientsOf(operators.length * 2);
    for (const { to } of turns) expect(to).toHaveLength(1);
    const order = turns.map(({ to }) => to[0]);
    const start = operators.indexOf(order[0]);
    expect(order).toEqual(order.map((_, i) => operators[(start + i) % operators.length]));

    // A console that connects late shows its own operator's popups only.
    const [dispatcher] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dispatcher@example.com'));
    const open = ((await call('GET', 'ai/suggestions', disp)).json().data as { id: number }[]).map((p) => p.id);
    for (const { suggestionId, to } of turns) {
      if (to[0] === dispatcher.id) expect(open).toContain(suggestionId);
      else expect(open).not.toContain(suggestionId);
    }

    // Back to every operator.
    await setAudience('all');
    for (const { to } of await recipientsOf(1)) expect([...to].sort((a, b) => a - b)).toEqual(operators);
    const all = ((await call('GET', 'ai/suggestions', disp)).json().data as { id: number }[]).map((p) => p.id);
    for (const { suggestionId } of turns) expect(all).toContain(suggestionId);
  });

  it('an operator whose AI is off is skipped in turn', async () => {
    await setAudience('round_robin');
    const [dispatcher] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dispatcher@example.com'));
    await call('PUT', 'ai_status', disp, { ai_stopped: 1 });
    try {
      const turns = await recipientsOf(4);
      for (const { to } of turns) {
        expect(to).toHaveLength(1);
        expect(to).not.toContain(dispatcher.id);
      }
    } finally {
      await call('PUT', 'ai_status', disp, { ai_stopped: 0 });
    }
  });
});
