import {
  BOOKING_MSG,
  type BookingDto,
  compareBoard,
  dateToCityLocal,
  EVENTS,
  MAP_CENTER,
  MSG,
  TOKEN_REFUSALS,
} from '@taxi/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { airportDetails, auditLog, bookingNotes, bookingStatuses, bookings, jobs, sectors } from '../src/db/schema';
import { JOB_KINDS } from '../src/modules/bookings/service';
import { makeBooking, makeCaptain, makePassenger, makeReason, makeService } from './factories';
import { bearer, type ClientSocket, listeningAppForFile, loginAll, nextEvent, PinnableClock } from './helpers';

const MIN = 60_000;
const clock = new PinnableClock();
const t = listeningAppForFile({ clock });
let disp: string;
let gov: string;
let airport: string;

beforeAll(async () => {
  [disp, gov, airport] = await loginAll(t.app, 'dispatcher@example.com', 'gov@example.com', 'airport@example.com');
});
afterEach(() => {
  clock.pinned = null;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null = disp, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: token ? bearer(token) : {}, payload });

/** The first `event` whose payload has this booking_id (seeded bookings have timers of their own). */
const forBooking = <T extends { booking_id: number }>(socket: ClientSocket, event: string, id: number) =>
  nextEvent<T>(socket, event, (payload) => payload.booking_id === id);
const minute = (ms: number) => new Date(Math.floor(ms / MIN) * MIN);

describe('auth shapes', () => {
  it('401 without a token, 403 without DISPATCHING, 404 for an unknown booking', async () => {
    const a = await call('GET', 'booking', null);
    expect(a.statusCode).toBe(401);
    expect(a.json()).toEqual({
      message: MSG.unauthenticated,
      reason: TOKEN_REFUSALS.invalid,
      request_id: expect.any(String),
    });
    const b = await call('GET', 'booking', airport);
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toBe(MSG.forbidden);
    expect((await call('GET', 'bookings/99999999')).statusCode).toBe(404);
    expect((await call('GET', 'bookings/abc')).statusCode).toBe(422);
  });
});

describe('GET service (pickers)', () => {
  it('401, then the active services by id (the airport desk picks from them too)', async () => {
    expect((await call('GET', 'service', null)).statusCode).toBe(401);
    expect((await call('GET', 'service', airport)).statusCode).toBe(200);
    const res = await call('GET', 'service?perPage=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as { id: number; name: string; vehicle_type: string }[];
    expect(rows.slice(0, 2).map((r) => r.name)).toEqual(['Pooling', 'Full car']);
    expect(rows.find((r) => r.id === 7)).toMatchObject({ name: 'VIP', vehicle_type: 'luxury' });
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('cancel', () => {
  it('requires a reason (422), refuses Goverment (403), cancels in one transaction, then 409', async () => {
    const b = await makeBooking(t.db);
    const reason = await makeReason(t.db);
    const noReason = await call('DELETE', `bookings/${b.id}`);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toEqual({
      message: BOOKING_MSG.chooseReason,
      errors: { user_cancellation_reason_id: [BOOKING_MSG.chooseReason] },
      request_id: expect.any(String),
    });
    const g = await call('DELETE', `bookings/${b.id}?user_cancellation_reason_id=${reason.id}`, gov);
    expect(g.statusCode).toBe(403);
    expect(g.json().message).toBe(BOOKING_MSG.governmentForbidden);

    const res = await call('DELETE', `bookings/${b.id}?user_cancellation_reason_id=${reason.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BOOKING_MSG.cancelled(b.id));
    const dto = res.json().data as BookingDto;
    expect(dto.status).toBe('SYSTEM_CANCELLED');
    expect(dto.user_cancellation_reason).toEqual({ id: reason.id, text: reason.text });
    const statuses = await t.db.select().from(bookingStatuses).where(eq(bookingStatuses.bookingId, b.id));
    expect(statuses.map((s) => s.status)).toEqual(['PENDING', 'SYSTEM_CANCELLED']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, String(b.id))));
    expect(audit.map((a) => a.action)).toEqual(['cancel']);

    const again = await call('DELETE', `bookings/${b.id}?user_cancellation_reason_id=${reason.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MSG.actionNotAllowed('cancelled', 'SYSTEM_CANCELLED'));
  });

  it.each(['APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED'])('cancels from %s', async (status) => {
    const b = await makeBooking(t.db, { status });
    const reason = await makeReason(t.db);
    expect((await call('DELETE', `bookings/${b.id}?user_cancellation_reason_id=${reason.id}`)).statusCode).toBe(200);
  });
  it.each(['PICKED_UP', 'DONE', 'PAID', 'PAX_CANCELLED'])('refuses to cancel from %s', async (status) => {
    const b = await makeBooking(t.db, { status });
    const reason = await makeReason(t.db);
    const res = await call('DELETE', `bookings/${b.id}?user_cancellation_reason_id=${reason.id}`);
    expect(res.statusCode).toBe(409);
  });
});

describe('dispatch', () => {
  it('50 parallel dispatches: exactly one 200, 49 × 409, one APPROVED status row, one ride', async () => {
    const b = await makeBooking(t.db);
    const { captain, car } = await makeCaptain(t.db);
    const results = await Promise.all(Array.from({ length: 50 }, () => call('PUT', `dispatch/${b.id}/${captain.id}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const winner = results.find((r) => r.statusCode === 200)?.json();
    expect(winner.message).toBe(BOOKING_MSG.dispatched(b.id));
    expect(winner.data.ride.car.id).toBe(car?.id);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(BOOKING_MSG.alreadyDispatched);
    const approved = await t.db
      .select()
      .from(bookingStatuses)
      .where(and(eq(bookingStatuses.bookingId, b.id), eq(bookingStatuses.status, 'APPROVED')));
    expect(approved).toHaveLength(1);
    const late = await t.db.select().from(jobs).where(eq(jobs.kind, JOB_KINDS.lateCaptain));
    expect(late.filter((j) => (j.payload as { booking_id: number }).booking_id === b.id)).toHaveLength(1);
  }, 60_000);

  it('refuses a blocked captain or one without a car (422), an unknown captain (404)', async () => {
    const b = await makeBooking(t.db);
    const blocked = await makeCaptain(t.db, { blockedUntil: new Date(Date.now() + 3600_000) });
    const noCar = await makeCaptain(t.db, {}, null);
    expect((await call('PUT', `dispatch/${b.id}/${blocked.captain.id}`)).statusCode).toBe(422);
    const res = await call('PUT', `dispatch/${b.id}/${noCar.captain.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(BOOKING_MSG.captainUnavailable);
    expect((await call('PUT', `dispatch/${b.id}/99999999`)).statusCode).toBe(404);
  });

  it('candidates: active captains with a car, not blocked, nearest first with ETA', async () => {
    const b = await makeBooking(t.db, { pickUpLon: 2.35, pickUpLat: 48.85 }); // far from the demo fleet
    const near = await makeCaptain(t.db, { lastLon: 2.351, lastLat: 48.85 });
    const far = await makeCaptain(t.db, { lastLon: 2.36, lastLat: 48.85 });
    const blocked = await makeCaptain(t.db, {
      lastLon: 2.3501,
      lastLat: 48.85,
      blockedUntil: new Date(Date.now() + 3600_000),
    });
    const res = await call('GET', `booking/${b.id}/candidates`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { captain: { id: number }; distance_m: number; eta_s: number }[];
    const ids = list.map((c) => c.captain.id);
    expect(ids.slice(0, 2)).toEqual([near.captain.id, far.captain.id]);
    expect(ids).not.toContain(blocked.captain.id);
    expect(list[0].distance_m).toBeGreaterThan(50);
    expect(list[0].distance_m).toBeLessThan(100);
    expect(list[0].eta_s).toBeGreaterThan(0);
  });
});

describe('reminders', () => {
  it('pending reminder: refused at 14 minutes (422), sent at 16; refused for a scheduled order (409) and Goverment (403)', async () => {
    const created = Date.now() - 60_000;
    const b = await makeBooking(t.db, { createdAt: new Date(created) });
    clock.pinned = created + 14 * MIN;
    const early = await call('POST', 'send_pending_reminder', disp, { booking_id: b.id });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(BOOKING_MSG.pendingReminderTooEarly);
    clock.pinned = created + 16 * MIN;
    const okRes = await call('POST', 'send_pending_reminder', disp, { booking_id: b.id });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json()).toEqual({ data: null, message: BOOKING_MSG.reminderSent });
    expect((await call('POST', 'send_pending_reminder', gov, { booking_id: b.id })).statusCode).toBe(403);
    const scheduled = await makeBooking(t.db, { now: false, createdAt: new Date(created - 60 * MIN) });
    expect((await call('POST', 'send_pending_reminder', disp, { booking_id: scheduled.id })).statusCode).toBe(409);
    expect((await call('POST', 'send_pending_reminder', disp, {})).statusCode).toBe(422);
  });

  it('dispatched reminder: refused before the order time, sent after; refused from PENDING', async () => {
    const at = Date.now() + 30 * MIN;
    const b = await makeBooking(t.db, { status: 'APPROVED', now: false, datetime: new Date(at) });
    clock.pinned = at - 1000;
    const early = await call('POST', 'send_dispatched_reminder', disp, { booking_id: b.id });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(BOOKING_MSG.dispatchedReminderTooEarly);
    clock.pinned = at;
    expect((await call('POST', 'send_dispatched_reminder', disp, { booking_id: b.id })).statusCode).toBe(200);
    for (const status of ['ACCEPTED', 'ARRIVED', 'STARTED']) {
      const other = await makeBooking(t.db, { status, datetime: new Date(Date.now() - MIN) });
      expect((await call('POST', 'send_dispatched_reminder', disp, { booking_id: other.id })).statusCode).toBe(200);
    }
    const pending = await makeBooking(t.db);
    expect((await call('POST', 'send_dispatched_reminder', disp, { booking_id: pending.id })).statusCode).toBe(409);
  });
});

describe('change time and service', () => {
  it('accepts 119 minutes, refuses 121 with a datetime error; answer carries data.datetime', async () => {
    const at = minute(Date.now() + 3 * 3600_000);
    const b = await makeBooking(t.db, { now: false, datetime: at });
    const far = dateToCityLocal(new Date(at.getTime() + 121 * MIN));
    const refused = await call('PUT', `bookings/${b.id}`, disp, { datetime: far });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ datetime: [BOOKING_MSG.maxTwoHours] });
    const near = dateToCityLocal(new Date(at.getTime() + 119 * MIN));
    const res = await call('PUT', `booking/${b.id}`, disp, { datetime: near, detach_voucher: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.datetime).toBe(near);
    expect(Date.parse(res.json().data.booking.datetime)).toBe(at.getTime() + 119 * MIN);
    expect((await call('PUT', `bookings/${b.id}`, gov, { datetime: near })).statusCode).toBe(403);
    const started = await makeBooking(t.db, { status: 'STARTED', datetime: at });
    expect((await call('PUT', `bookings/${started.id}`, disp, { datetime: near })).statusCode).toBe(409);
  });

  it('changes the service, suggests a change once, refuses the repeat, accepts it', async () => {
    const b = await makeBooking(t.db, { serviceId: 2 });
    const changed = await call('PUT', `bookings/${b.id}`, disp, { service_id: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.service_id).toBe(3);
    expect((await call('PUT', `bookings/${b.id}`, disp, { service_id: 999 })).statusCode).toBe(422);
    expect((await call('PUT', `bookings/${b.id}`, gov, { service_id: 2 })).statusCode).toBe(403);

    const first = await call('POST', `booking/${b.id}/suggest_service_change`, disp, { service_id: 7 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.last_service_change_suggestion).toMatchObject({ new_service_id: 7, accepted_at: null });
    const repeat = await call('POST', `booking/${b.id}/suggest_service_change`, disp, { service_id: 7 });
    expect(repeat.statusCode).toBe(422);
    expect(repeat.json().message).toBe(BOOKING_MSG.suggestionAlreadySent);
    expect((await call('POST', `booking/${b.id}/suggest_service_change`, gov, { service_id: 1 })).statusCode).toBe(403);
    const accepted = await call('PUT', `booking/${b.id}/service_change/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.service_id).toBe(7);
    expect(accepted.json().data.last_service_change_suggestion.accepted_at).not.toBeNull();
    expect((await call('PUT', `booking/${b.id}/service_change/accept`)).statusCode).toBe(409);
  });
});

describe('details, notes, history', () => {
  it('airport details (404 then 200), touch, solve a note, statuses and logs', async () => {
    const b = await makeBooking(t.db, { airportOffice: true });
    expect((await call('GET', `booking/${b.id}/airport_details`)).statusCode).toBe(404);
    await t.db.insert(airportDetails).values({ bookingId: b.id, riders: 3, bags: -1, pnr: 'PNR1', country: 'NCE' });
    const details = await call('GET', `booking/${b.id}/airport_details`);
    expect(details.json().data).toMatchObject({ riders: 3, bags: -1, pnr: 'PNR1', country: 'NCE', booking_id: b.id });
    expect((await call('PUT', `booking/${b.id}/touch`)).statusCode).toBe(200);

    const [note] = await t.db.insert(bookingNotes).values({ bookingId: b.id, note: 'Ring twice' }).returning();
    const solved = await call('PUT', `notes/${note.id}`);
    expect(solved.json()).toMatchObject({ message: BOOKING_MSG.solved, data: { id: note.id, solved: true } });
    expect((await call('PUT', 'notes/99999999')).statusCode).toBe(404);

    const one = (await call('GET', `bookings/${b.id}`)).json().data as BookingDto;
    expect(one.airport).toEqual({ riders: 3, bags: -1, received: true });
    expect(one.notes_list[0].solved).toBe(true);
    expect(one.statuses?.map((s) => s.status)).toEqual(['PENDING']);
    expect((await call('GET', `booking/${b.id}/statuses`)).json().data).toHaveLength(1);
    const logs = (await call('GET', `booking/${b.id}/logs`)).json().data as { title: string; doer: string }[];
    expect(logs.map((l) => l.title)).toEqual(['airport_received', 'note_solved']);
    expect(logs[0].doer).toBe('Dario Dispatcher');
    expect((await call('GET', `booking/${b.id}/logs`, gov)).statusCode).toBe(403);
    expect((await call('GET', 'user_cancellation_reason')).json().data.length).toBeGreaterThan(0);
  });
});

describe('POST bookings and realtime', () => {
  it('validates with the shared schema (422 field errors) and needs PHONE_BOOKING', async () => {
    const bad = await call('POST', 'bookings', disp, { service_id: 3 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['pickup']));
    const noPax = await call('POST', 'bookings', disp, {
      service_id: 3,
      pickup: { name: 'Casino', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    });
    expect(noPax.json().errors).toHaveProperty('passenger_id');
    expect((await call('POST', 'bookings', gov, { service_id: 3 })).statusCode).toBe(403);
  });

  it('creates a phone booking with a new passenger, emits new booking, schedules the late-booking timer', async () => {
    const socket = await t.connected(disp);
    const received = nextEvent<BookingDto>(socket, EVENTS.newBooking);
    const res = await call('POST', 'bookings', disp, {
      new_passenger: { first_name: 'Phone', last_name: 'Caller', phone_number: '+377 6 12 34 56 78' },
      service_id: 2,
      pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
      dropoff: { name: 'Port', lon: MAP_CENTER[0] + 0.004, lat: MAP_CENTER[1] - 0.002 },
      stops: [{ name: 'Pharmacy' }],
      now: true,
      notes: 'Wheelchair',
      origin: 'phone',
    });
    expect(res.statusCode).toBe(201);
    const dto = res.json().data as BookingDto;
    expect(res.json().message).toBe(BOOKING_MSG.created(dto.id));
    expect(dto).toMatchObject({
      status: 'PENDING',
      origin: 'phone',
      service_id: 2,
      stops: [{ location_name: 'Pharmacy' }],
    });
    expect(dto.passenger.full_name).toBe('Phone Caller');
    expect(dto.notes).toBe('Wheelchair');
    expect((await received).id).toBe(dto.id);

    // durable timer: make it due, move the clock, run the queue → late booking
    const late = forBooking<{ booking_id: number }>(socket, EVENTS.lateBooking, dto.id);
    const moved = await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, JOB_KINDS.lateBooking), sql`(${jobs.payload}->>'booking_id')::int = ${dto.id}`))
      .returning();
    expect(moved).toHaveLength(1);
    clock.pinned = Date.now() + 10 * MIN;
    await t.app.jobs.runDue(100);
    expect((await late).booking_id).toBe(dto.id);
  });

  it('dispatch emits booking status update; late captain timer re-checks the state', async () => {
    const socket = await t.connected(disp);
    const b = await makeBooking(t.db, { datetime: new Date(Date.now() - 20 * MIN) });
    const { captain } = await makeCaptain(t.db);
    const update = nextEvent<BookingDto>(socket, EVENTS.bookingStatusUpdate);
    expect((await call('PUT', `dispatch/${b.id}/${captain.id}`)).statusCode).toBe(200);
    expect((await update).status).toBe('APPROVED');
    const late = forBooking<{ booking_id: number; captain_name: string }>(socket, EVENTS.lateCaptain, b.id);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, JOB_KINDS.lateCaptain), sql`(${jobs.payload}->>'booking_id')::int = ${b.id}`));
    await t.app.jobs.runDue(100);
    expect(await late).toMatchObject({ booking_id: b.id, captain_name: `${captain.firstName} ${captain.lastName}` });
  });

  it('besoin renew: 409 when not besoin, extends and schedules expiry; expiry emits expired besoin', async () => {
    const socket = await t.connected(disp);
    const plain = await makeBooking(t.db);
    expect((await call('POST', `besoin/renew/${plain.id}`)).statusCode).toBe(409);
    const b = await makeBooking(t.db, { besoin: true, besoinDate: new Date(Date.now() + MIN) });
    expect((await call('POST', `besoin/renew/${b.id}`, gov)).statusCode).toBe(403);
    const renewed = forBooking<{ booking_id: number }>(socket, EVENTS.renewBesoin, b.id);
    const res = await call('POST', `besoin/renew/${b.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BOOKING_MSG.extended(b.id));
    expect((await renewed).booking_id).toBe(b.id);
    const expired = forBooking<{ booking_id: number }>(socket, EVENTS.expiredBesoin, b.id);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, JOB_KINDS.besoinExpire), sql`(${jobs.payload}->>'booking_id')::int = ${b.id}`));
    clock.pinned = Date.now() + 30 * MIN;
    await t.app.jobs.runDue(100);
    expect((await expired).booking_id).toBe(b.id);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.besoin).toBe(false);
  });
});

describe('board and search', () => {
  it('board: groups, order, paging with next_page_url, search by id', async () => {
    const pending = await makeBooking(t.db);
    const done = await makeBooking(t.db, { status: 'PAID' });
    const all = await call('GET', 'booking?perPage=2');
    expect(all.statusCode).toBe(200);
    const page = all.json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 2 });
    expect(page.next_page_url).toContain('page=2');
    expect(
      page.data.every((b: BookingDto) =>
        ['PENDING', 'APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED', 'PICKED_UP'].includes(b.status),
      ),
    ).toBe(true);
    const byId = (await call('GET', `booking?group=pending&search=${pending.id}`)).json().data.data as BookingDto[];
    expect(byId.map((b) => b.id)).toContain(pending.id);
    const finished = (await call('GET', `booking?group=finished&search=${done.id}`)).json().data.data as BookingDto[];
    expect(finished.map((b) => b.id)).toEqual([done.id]);
    expect((await call('GET', 'booking?perPage=101')).statusCode).toBe(422);
    expect((await call('GET', 'booking?group=nope')).statusCode).toBe(422);
  });

  it('search: each filter key, combined, dates and paging', async () => {
    const [sector] = await t.db
      .insert(sectors)
      .values({
        name: 'Zz Search Sector',
        geometry: { type: 'Polygon', coordinates: [] },
        centroidLon: 0,
        centroidLat: 0,
      })
      .returning();
    const pax = await makePassenger(t.db, { firstName: 'Zelda', lastName: 'Searchable' });
    const { captain } = await makeCaptain(t.db, { firstName: 'Quentin', lastName: 'Findme' }, { number: 'ZZ-777' });
    const at = new Date('2025-03-10T10:00:00Z');
    const { id: b1 } = await makeBooking(t.db, {
      passengerId: pax.id,
      status: 'PAID',
      origin: 'app',
      pickupSectorId: sector.id,
      datetime: at,
    });
    const { id: b2 } = await makeBooking(t.db, {
      passengerId: pax.id,
      status: 'PAID',
      origin: 'phone',
      dropoffSectorId: sector.id,
      datetime: new Date('2025-03-12T10:00:00Z'),
    });
    const dispatched = await call(
      'PUT',
      `dispatch/${(await makeBooking(t.db, { passengerId: pax.id })).id}/${captain.id}`,
    );
    const b3 = dispatched.json().data.id as number;
    const ids = async (q: string) =>
      ((await call('GET', `booking/search?${q}`)).json().data.data as BookingDto[]).map((b) => b.id);

    expect(await ids('customer=Zelda%20Search')).toEqual([b3, b2, b1]);
    expect(await ids('driver=Quentin%20Findme')).toEqual([b3]);
    expect(await ids('car=ZZ-777')).toEqual([b3]);
    expect(await ids('driver=Nobody%20Drives%20This')).toEqual([]);
    expect(await ids('car=NO-SUCH-PLATE')).toEqual([]);
    expect(await ids('driver=Findme&car=ZZ-777&customer=Zelda')).toEqual([b3]);
    expect(await ids(`pickup_sector=${sector.id}`)).toEqual([b1]);
    expect(await ids('pickup_sector=zz%20search')).toEqual([b1]);
    expect(await ids('dropoff_sector=Zz%20Search%20Sector')).toEqual([b2]);
    expect(await ids(`order_id=${b2}`)).toEqual([b2]);
    expect(await ids('customer=Zelda&requested_by=APP')).toEqual([b3, b1]);
    expect(await ids('customer=Zelda&requested_by=DASHBOARD')).toEqual([b2]);
    expect(await ids('customer=Zelda&from_date=2025-03-11&to_date=2025-03-12')).toEqual([b2]);
    expect(await ids('customer=Zelda&to_date=2025-03-10')).toEqual([b1]);
    const paged = (await call('GET', 'booking/search?customer=Zelda&perPage=2')).json().data;
    expect(paged).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.next_page_url).toBe('/api/booking/search?customer=Zelda&perPage=2&page=2');
    expect((await call('GET', 'booking/search?requested_by=SOMETHING')).statusCode).toBe(422);
    expect((await call('GET', 'booking/search?order_id=abc')).statusCode).toBe(422);
    expect((await call('GET', 'booking/search?from_date=2025-13-45')).statusCode).toBe(422);
  });
});

describe('order editing and board filters', () => {
  const order = (passengerId: number, extra: object = {}) => ({
    passenger_id: passengerId,
    service_id: 2,
    pickup: { name: 'Gare de Monaco', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'Stade Louis II', lon: MAP_CENTER[0] - 0.01, lat: MAP_CENTER[1] - 0.005 },
    stops: [{ name: 'Bakery' }],
    now: true,
    seats: 2,
    origin: 'phone',
    ...extra,
  });

  it('PUT bookings/{id}/order edits a pending order as a whole, with an audit row; 409 once dispatched', async () => {
    const passenger = await makePassenger(t.db);
    const booking = await makeBooking(t.db, { passengerId: passenger.id });
    expect((await call('PUT', `bookings/${booking.id}/order`, gov, order(passenger.id))).statusCode).toBe(403);
    expect((await call('PUT', `bookings/${booking.id}/order`, disp, { service_id: 2 })).statusCode).toBe(422);
    const res = await call('PUT', `bookings/${booking.id}/order`, disp, order(passenger.id, { notes: 'Two bags' }));
    expect(res.statusCode).toBe(200);
    const dto = res.json().data as BookingDto;
    expect(dto).toMatchObject({ seats: 2, service_id: 2, pull_down_location_name: 'Stade Louis II' });
    expect(dto.stops.map((s) => s.location_name)).toEqual(['Bakery']);
    expect(dto.notes_list.map((n) => n.note)).toContain('Two bags');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'booking'),
          eq(auditLog.entityId, String(booking.id)),
          eq(auditLog.action, 'edit order'),
        ),
      );
    expect(audits).toHaveLength(1);
    await t.db.update(bookings).set({ status: 'PICKED_UP' }).where(eq(bookings.id, booking.id));
    expect((await call('PUT', `bookings/${booking.id}/order`, disp, order(passenger.id))).statusCode).toBe(409);
  });

  it('GET booking filters scheduled orders (now=0) and a captain’s orders (captain_id)', async () => {
    const scheduled = await makeBooking(t.db, { now: false, datetime: new Date(Date.now() + 3 * 3_600_000) });
    const immediate = await makeBooking(t.db, { now: true });
    const ids = (await call('GET', 'booking?group=pending&now=0&perPage=100'))
      .json()
      .data.data.map((b: BookingDto) => b.id);
    expect(ids).toContain(scheduled.id);
    expect(ids).not.toContain(immediate.id);
    const { captain } = await makeCaptain(t.db);
    expect((await call('PUT', `dispatch/${immediate.id}/${captain.id}`)).statusCode).toBe(200);
    const mine = (await call('GET', `booking?group=all&captain_id=${captain.id}`)).json().data.data as BookingDto[];
    expect(mine.map((b) => b.id)).toEqual([immediate.id]);
  });
});

describe('the board pages (GET booking in the board order, by cursor)', () => {
  type Page = { data: BookingDto[]; next_page_url: string | null; total: number };
  const get = async (url: string): Promise<Page> => (await call('GET', url.replace(/^\/api\//, ''))).json().data;
  /** Every page from `url` on, following next_page_url. */
  async function walk(url: string, between: (page: number) => Promise<void> = async () => {}): Promise<number[]> {
    const ids: number[] = [];
    let next: string | null = url;
    for (let n = 1; next; n++) {
      const page = await get(next);
      ids.push(...page.data.map((b) => b.id));
      next = page.next_page_url;
      if (next) expect(next).toContain('after=');
      await between(n);
    }
    return ids;
  }

  it('orders the active tabs as compareBoard does, and a walk by cursor skips or repeats nothing while others come and go', async () => {
    const service = await makeService(t.db, 91);
    const at = (min: number) => new Date(Date.now() + min * MIN);
    const make = (status: BookingDto['status'], min: number, values: Partial<typeof bookings.$inferInsert> = {}) =>
      makeBooking(t.db, { serviceId: service.id, status, datetime: at(min), ...values });
    const unassigned = { unassignedAt: new Date(), unassignedReason: 'no_acceptance' };
    for (const [status, min, values] of [
      ['APPROVED', 5],
      ['PENDING', 30],
      ['PICKED_UP', -10],
      ['PENDING', 40, unassigned],
      ['PENDING', -5],
      ['STARTED', 20],
      ['PENDING', 10],
      ['ACCEPTED', 5],
      ['PENDING', 10],
    ] as const)
      await make(status, min, values);
    const whole = await get(`booking?group=all&service_id=${service.id}&perPage=100`);
    const sorted = [...whole.data].sort(compareBoard).map((b) => b.id);
    expect(whole.data.map((b) => b.id)).toEqual(sorted);
    expect(whole.data[0].unassigned).toBeTruthy();
    expect(whole.data.slice(0, 5).every((b) => b.status === 'PENDING')).toBe(true);
    expect(whole.next_page_url).toBeNull();

    // Between pages a new order comes above the cursor and two delivered ones leave the tab: an offset would
    // skip one; the cursor goes on after the last row it gave.
    let above = 0;
    const seen = await walk(`booking?group=all&service_id=${service.id}&perPage=3`, async (page) => {
      if (page !== 1) return;
      above = (await make('PENDING', -30)).id;
      await t.db
        .update(bookings)
        .set({ status: 'SYSTEM_CANCELLED' })
        .where(inArray(bookings.id, sorted.slice(0, 2)));
    });
    expect(seen).toEqual(sorted);
    expect(seen).not.toContain(above);
  });

  it('lists the history tabs newest first, equal times by the newest id, microseconds included', async () => {
    const service = await makeService(t.db, 92);
    const sample = await makeBooking(t.db, {
      serviceId: service.id,
      status: 'PAID',
      datetime: new Date(Date.now() - MIN),
    });
    // Three rows in one millisecond (a JS date would read them as equal), two at the very same time.
    await t.db.execute(sql`
      insert into bookings (status, origin, datetime, now, service_id, passenger_id, pick_up_location_name, pick_up_lon, pick_up_lat)
      select 'DONE', 'app', timestamptz '2026-01-05 10:00:00.123456+00' - (g || ' microseconds')::interval * (g % 3), true,
        ${service.id}, ${sample.passengerId}, 'Cursor test', 7.42, 43.73
      from generate_series(1, 5) g`);
    const whole = await get(`booking?group=finished&service_id=${service.id}&perPage=100`);
    expect(whole.data).toHaveLength(6);
    // compareBoard reads milliseconds: it agrees wherever two times differ in them; the server orders the rest by
    // their microseconds, then the newest id.
    for (const [a, b] of whole.data.slice(1).map((b, i) => [whole.data[i], b]))
      if (a.datetime !== b.datetime) expect(compareBoard(a, b)).toBeLessThan(0);
    const exact = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.serviceId, service.id))
      .orderBy(desc(bookings.datetime), desc(bookings.id));
    expect(whole.data.map((b) => b.id)).toEqual(exact.map((r) => r.id));
    expect(await walk(`booking?group=finished&service_id=${service.id}&perPage=1`)).toEqual(
      whole.data.map((b) => b.id),
    );
  });

  it('refuses a cursor that is not one of this list (422)', async () => {
    const cursor = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const [group, after] of [
      ['all', 'nonsense'],
      ['all', cursor(['1', '2026-02-31 10:00:00+00', '5'])],
      ['all', cursor(['7', '2026-02-01 10:00:00+00', '5'])],
      ['all', cursor(['2026-02-01 10:00:00+00', '5'])],
      ['finished', cursor(['1', '2026-02-01 10:00:00+00', '5'])],
      ['finished', cursor([1, 2])],
    ])
      expect((await call('GET', `booking?group=${group}&after=${after}`)).statusCode, after).toBe(422);
    const ok = await call('GET', `booking?group=finished&after=${cursor(['2026-02-01 10:00:00.5+01', '5'])}`);
    expect(ok.statusCode).toBe(200);
  });
});

describe('capped totals', () => {
  it('counts up to COUNT_CAP and still pages past it', async () => {
    const { COUNT_CAP } = await import('../src/modules/bookings/queries');
    const sample = await makeBooking(t.db, { status: 'PAID' });
    await t.db.execute(sql`
      insert into bookings (status, origin, datetime, now, service_id, passenger_id, pick_up_location_name, pick_up_lon, pick_up_lat)
      select 'PAID', 'app', now() - (g || ' minutes')::interval, true, ${sample.serviceId}, ${sample.passengerId}, 'Cap test', 7.42, 43.73
      from generate_series(1, ${COUNT_CAP + 50}) g`);
    const perPage = 100;
    const lastFull = COUNT_CAP / perPage;
    const page = (await call('GET', `booking?group=finished&perPage=${perPage}&page=${lastFull}`)).json().data;
    expect(page.total).toBe(COUNT_CAP);
    expect(page.data).toHaveLength(perPage);
    expect(page.next_page_url).toContain(`page=${lastFull + 1}`);
    const beyond = (await call('GET', `booking?group=finished&perPage=${perPage}&page=${lastFull + 1}`)).json().data;
    expect(beyond.data.length).toBeGreaterThanOrEqual(50);
  });

  it('board search: a passenger by name or phone digits, a place; a text matching thousands of bookings still pages', async () => {
    const passenger = await makePassenger(t.db, {
      firstName: 'Quirin',
      lastName: 'Zebedee',
      phoneNumber: '+37799123456',
    });
    const ride = await makeBooking(t.db, { status: 'PAID', passengerId: passenger.id });
    const place = await makeBooking(t.db, { status: 'DONE', pickUpLocationName: 'Rue Zquartz 4' });
    const found = async (search: string) =>
      (await call('GET', `booking?group=finished&search=${encodeURIComponent(search)}`)).json().data as {
        total: number;
        data: BookingDto[];
      };
    expect((await found('quirin zeb')).data.map((b) => b.id)).toEqual([ride.id]);
    expect((await found('99123456')).data.map((b) => b.id)).toEqual([ride.id]);
    expect((await found('zquartz')).data.map((b) => b.id)).toEqual([place.id]);
    expect((await found('Zquartz nowhere')).total).toBe(0);

    // More matches than the board resolves up front: the search stays a subquery, counted and paged as usual.
    await t.db.execute(sql`
      insert into bookings (status, origin, datetime, now, service_id, passenger_id, pick_up_location_name, pick_up_lon, pick_up_lat)
      select 'DONE', 'app', now() - (g || ' minutes')::interval, true, ${place.serviceId}, ${place.passengerId}, 'Bulkzq ' || g, 7.42, 43.73
      from generate_series(1, 5050) g`);
    const many = await found('bulkzq');
    expect(many.total).toBe(1000);
    expect(many.data).toHaveLength(25);
    expect(many.data.every((b) => b.pick_up_location_name?.startsWith('Bulkzq'))).toBe(true);
    expect(many.data[0].pick_up_location_name).toBe('Bulkzq 1');
  });
});
