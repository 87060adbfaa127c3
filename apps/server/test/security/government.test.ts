/**
 * Finding 5 (bookings.md §6): the Goverment role gets only the open-details action. It could dispatch
 * by hand, let the AI dispatch, snooze, touch, solve notes, create captains and cars, activate captains,
 * edit the reason catalogues and read every passenger. Each now answers 403 and changes nothing.
 */
import { BOOKING_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, captainCancellationReasons, captains } from '../../src/db/schema';
import { makeBooking, makeCaptain } from '../factories';
import { bearer, buildTestApp, login, type TestApp } from '../helpers';

let t: TestApp;
let gov: string;
let dispatcher: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  gov = await login(t.app, 'gov@example.com');
  dispatcher = await login(t.app, 'dispatcher@example.com');
});
afterAll(() => t.close());

describe('the Goverment role opens details and changes nothing', () => {
  it('reads the board and a booking’s details', async () => {
    const booking = await makeBooking(t.db);
    expect((await call('GET', 'booking', gov)).statusCode).toBe(200);
    expect((await call('GET', `bookings/${booking.id}`, gov)).statusCode).toBe(200);
    expect((await call('GET', `complaint/booking/${booking.id}`, gov)).statusCode).toBe(200);
  });

  it('cannot dispatch, let the AI dispatch, snooze or touch a booking', async () => {
    const booking = await makeBooking(t.db);
    const { captain } = await makeCaptain(t.db);
    const attempts = [
      call('PUT', `dispatch/${booking.id}/${captain.id}`, gov),
      call('POST', `booking/${booking.id}/let_ai_dispatch_it`, gov),
      call('POST', `booking/${booking.id}/snooze`, gov),
      call('PUT', `booking/${booking.id}/touch`, gov),
      call('POST', `bookings/${booking.id}`, gov, { _method: 'PUT', datetime: '2030-01-01 10:00' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BOOKING_MSG.governmentForbidden);
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe('PENDING');
    // The same calls pass for a dispatcher.
    expect((await call('PUT', `dispatch/${booking.id}/${captain.id}`, dispatcher)).statusCode).toBe(200);
  });

  it('cannot create captains or cars, activate captains or edit the reason catalogues', async () => {
    const { captain } = await makeCaptain(t.db, { active: false });
    const before = (await t.db.select().from(captainCancellationReasons)).length;
    const attempts = await Promise.all([
      call('POST', 'captain', gov, { first_name: 'Gov', last_name: 'Made', phone_number: '+37761000000' }),
      call('POST', `captain/${captain.id}/cars`, gov, { number: 'GOV-1' }),
      call('PUT', `captain/${captain.id}/active`, gov, { cash_register_id: 1 }),
      call('POST', 'captain_cancellation_reasons', gov, { name: 'Gov reason' }),
      call('POST', 'change_captain_reasons', gov, { name: 'Gov reason' }),
    ]);
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const [row] = await t.db.select().from(captains).where(eq(captains.id, captain.id));
    expect(row.active).toBe(false);
    expect((await t.db.select().from(captainCancellationReasons)).length).toBe(before);
  });

  it('reads no passenger: neither the list (ID-card file names) nor one', async () => {
    expect((await call('GET', 'passenger?perPage=1000', gov)).statusCode).toBe(403);
    expect((await call('GET', 'passenger/1', gov)).statusCode).toBe(403);
    expect((await call('GET', 'passenger?perPage=10', dispatcher)).statusCode).toBe(200);
  });
});
