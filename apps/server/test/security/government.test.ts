/**
 * Finding 5 (bookings.md §6): the Goverment role gets only the open-details action. It could dispatch
 * by hand, let the AI dispatch, snooze, touch, solve notes, create captains and cars, activate captains,
 * edit the reason catalogues and read every passenger. Each now answers 403 and changes nothing.
 */
import { BOOKING_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, captainCancellationReasons, captains } from '../../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from '../factories';
import { bearer, buildTestApp, login, type TestApp } from '../helpers';

let t: TestApp;
let gov: string;
let dispatcher: string;
/** Every GET route under /api but the public ones (documentation, probes), as registered. */
const getRoutes: string[] = [];
const PUBLIC_PREFIXES = ['/api/docs', '/api/health', '/api/ready', '/api/app_info', '/api/dev/', '/api/voice/sip/'];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = [route.method].flat();
      if (!methods.includes('GET') || !route.url.startsWith('/api/')) return;
      if (!PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) getRoutes.push(route.url);
    },
  });
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

/**
 * The Goverment role reads the board but no passenger: no answer of any GET route it may call carries a booking's
 * passenger's phone, WhatsApp, last name or ID-card files, whatever id the route is given; the board's search
 * does not find bookings by passenger, and the CSV export has the short name and no phone column.
 */
describe('no answer shows the Goverment role a passenger', () => {
  const SECRETS = {
    phone: '+33699887766',
    whatsapp: '+33611223344',
    lastName: 'Quixotesque',
    front: `${'f'.repeat(32)}.png`,
    back: `${'b'.repeat(32)}.png`,
  };
  let ids: number[] = [];
  const makePassengerWith = (s: typeof SECRETS) =>
    makePassenger(t.db, {
      phoneNumber: s.phone,
      whatsappNumber: s.whatsapp,
      lastName: s.lastName,
      idCardFront: s.front,
      idCardBack: s.back,
      approvedAt: new Date(),
    });
  let bookingId = 0;

  beforeAll(async () => {
    const passenger = await makePassengerWith(SECRETS);
    const { captain } = await makeCaptain(t.db);
    const booking = await makeBooking(t.db, { passengerId: passenger.id });
    bookingId = booking.id;
    expect((await call('PUT', `dispatch/${booking.id}/${captain.id}`, dispatcher)).statusCode).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    ids = [...new Set([booking.id, passenger.id, captain.id, row.rideId ?? booking.id])];
  });

  const leaks = (body: string) =>
    Object.entries(SECRETS)
      .filter(([, secret]) => body.includes(secret))
      .map(([name]) => name);

  it('a dispatcher sees them, so the routes below would show them', async () => {
    const body = (await call('GET', `bookings/${bookingId}`, dispatcher)).body;
    expect(leaks(body)).toEqual(['phone', 'whatsapp', 'lastName', 'front', 'back']);
  });

  it('every GET route, with every id of the booking, passenger, captain and ride', async () => {
    const found: string[] = [];
    let answered = 0;
    for (const url of getRoutes) {
      const concrete = url.includes(':') ? ids.map((id) => url.replace(/:\w+/g, String(id))) : [url];
      for (const path of concrete) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(gov) });
        if (res.statusCode === 200) answered++;
        for (const name of leaks(res.body)) found.push(`${path}: ${name}`);
      }
    }
    expect(found).toEqual([]);
    expect(answered).toBeGreaterThan(40);
  }, 120_000);

  it('the board finds no booking by its passenger; the advanced search refuses the customer filter', async () => {
    const board = await call('GET', `booking?group=all&search=${SECRETS.lastName}`, gov);
    expect(board.json().data.total).toBe(0);
    expect((await call('GET', `booking?group=all&search=${SECRETS.lastName}`, dispatcher)).json().data.total).toBe(1);
    const search = await call('GET', `booking/search?customer=${encodeURIComponent(SECRETS.phone)}`, gov);
    expect(search.statusCode).toBe(403);
    expect(search.json().message).toBe(BOOKING_MSG.noPassengerSearch);
  });

  it('the CSV export has the short name and no phone column', async () => {
    const csv = (await call('GET', 'booking/export.csv?group=all', gov)).body;
    expect(leaks(csv)).toEqual([]);
    expect(csv).toContain('Testa Q.');
    expect(leaks((await call('GET', 'booking/export.csv?group=all', dispatcher)).body)).toEqual(['phone', 'lastName']);
  });
});
