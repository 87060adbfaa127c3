import { PAYMENTS_MSG, RESOURCE_MSG } from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, rides } from '../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let dispatcher: string;
/** Ride A: captain Zorro Pqalpha, plate PAY-111, two bookings (DONE 20 + tip 5.5, PENDING 7). */
let rideA: number;
/** Ride B: captain Yann Pqbeta, plate PAY-222, one booking (DONE 40). */
let rideB: number;
/** Ride C: captain Yann Pqgamma, no car, no bookings. */
let rideC: number;
let bookingA1: number;
let bookingA2: number;

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dispatcher] = await Promise.all([login(t.app, 'admin@example.com'), login(t.app, 'dispatcher@example.com')]);
  const db = t.db;
  const a = await makeCaptain(db, { firstName: 'Zorro', lastName: 'Pqalpha' }, { number: 'PAY-111' });
  const b = await makeCaptain(db, { firstName: 'Yann', lastName: 'Pqbeta' }, { number: 'PAY-222' });
  const c = await makeCaptain(db, { firstName: 'Yann', lastName: 'Pqgamma' }, null);
  const day = (d: number) => new Date(Date.UTC(2025, 0, d, 10));
  [{ id: rideA }] = await db
    .insert(rides)
    .values({ captainId: a.captain.id, carId: a.car?.id, createdAt: day(3) })
    .returning();
  [{ id: rideB }] = await db
    .insert(rides)
    .values({ captainId: b.captain.id, carId: b.car?.id, createdAt: day(1) })
    .returning();
  [{ id: rideC }] = await db
    .insert(rides)
    .values({ captainId: c.captain.id, createdAt: day(2) })
    .returning();
  const p = await makePassenger(db, { firstName: 'Paula', lastName: 'Payer' });
  const a1 = await makeBooking(db, {
    rideId: rideA,
    passengerId: p.id,
    status: 'PAID',
    pullDownLocationName: 'Port Hercule',
    datetime: day(3),
  });
  const a2 = await makeBooking(db, { rideId: rideA, status: 'DONE', datetime: day(4) });
  const b1 = await makeBooking(db, { rideId: rideB, status: 'PAID' });
  await makeBooking(db, { status: 'PENDING' }); // no ride: never listed
  bookingA1 = a1.id;
  bookingA2 = a2.id;
  await db.insert(payments).values([
    { bookingId: a1.id, rideId: rideA, status: 'DONE', type: 'booking', amount: '20.00' },
    { bookingId: a1.id, rideId: rideA, status: 'DONE', type: 'tip', amount: '5.50' },
    { bookingId: a2.id, rideId: rideA, status: 'PENDING', type: 'booking', amount: '7.00' },
    { bookingId: b1.id, rideId: rideB, status: 'DONE', type: 'booking', amount: '40.00' },
  ]);
});
afterAll(() => t.close());

interface Row {
  id: number;
  created_at: string;
  captain: { id: number; full_name: string };
  car: { number: string } | null;
  bookings_count: number;
  total: number;
  statuses: Record<string, number>;
}
const ids = (rows: Row[]) => rows.map((r) => r.id);

describe('GET payment/rides', () => {
  it('401 without a token, 403 for the dispatcher (no CARLO_PAYMENT)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/rides' })).statusCode).toBe(401);
    expect((await get('/api/payment/rides', dispatcher)).statusCode).toBe(403);
    expect((await get(`/api/payment/ride/${rideA}/bookings`, dispatcher)).statusCode).toBe(403);
    expect((await get('/api/payment/rides/export.csv', dispatcher)).statusCode).toBe(403);
  });

  it('422 for a bad perPage or sortBy', async () => {
    const bad = await get('/api/payment/rides?perPage=7');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.perPage).toEqual([RESOURCE_MSG.invalidPerPage]);
    const sort = await get('/api/payment/rides?sortBy=captain');
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors.sortBy).toEqual([RESOURCE_MSG.invalidSort]);
  });

  it('lists rides with captain, car, bookings count, DONE total and payment statuses', async () => {
    const all = (await get('/api/payment/rides')).json().data;
    expect(all.per_page).toBe(10);
    expect(all.data.length).toBeLessThanOrEqual(10);
    expect(ids(all.data)).toEqual([...ids(all.data)].sort((x, y) => x - y));
    // The seed has rides of its own: the rest filters on this file's captains (Pq…).
    const res = await get('/api/payment/rides?search=pq');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(3);
    expect(page.current_page).toBe(1);
    expect(ids(page.data)).toEqual([rideA, rideB, rideC]);
    const a = page.data[0] as Row;
    expect(a.captain.full_name).toBe('Zorro Pqalpha');
    expect(a.car).toEqual({ number: 'PAY-111' });
    expect(a.bookings_count).toBe(2);
    expect(a.total).toBe(25.5);
    expect(a.statuses).toEqual({ DONE: 2, PENDING: 1 });
    const c = page.data[2] as Row;
    expect(c).toMatchObject({ car: null, bookings_count: 0, total: 0, statuses: {} });
  });

  it('pages (Laravel paginator) and sorts by id, created_at and total', async () => {
    const p1 = (await get('/api/payment/rides?search=pq&perPage=5&page=1&descending=1')).json().data;
    expect(ids(p1.data)).toEqual([rideC, rideB, rideA]);
    expect(p1.last_page).toBe(1);
    expect(p1.next_page_url).toBeNull();
    const byCreated = (await get('/api/payment/rides?search=pq&sortBy=created_at')).json().data;
    expect(ids(byCreated.data)).toEqual([rideB, rideC, rideA]);
    const byTotal = (await get('/api/payment/rides?search=pq&sortBy=total&descending=true')).json().data;
    expect(ids(byTotal.data)).toEqual([rideB, rideA, rideC]);
    const p2 = (await get('/api/payment/rides?search=pq&perPage=5&page=2')).json().data;
    expect(p2).toMatchObject({ data: [], current_page: 2, total: 3, last_page: 1 });
    const small = (await get('/api/payment/rides?perPage=5')).json().data;
    expect(small.data).toHaveLength(5);
    expect(small.next_page_url).toContain('page=2');
  });

  it('searches by captain name or car plate', async () => {
    const yann = (await get('/api/payment/rides?search=yann')).json().data;
    expect(ids(yann.data)).toEqual([rideB, rideC]);
    const plate = (await get('/api/payment/rides?search=pay-111')).json().data;
    expect(ids(plate.data)).toEqual([rideA]);
    const full = (await get(`/api/payment/rides?search=${encodeURIComponent('Yann Pqgamma')}`)).json().data;
    expect(ids(full.data)).toEqual([rideC]);
    const none = (await get('/api/payment/rides?search=%25')).json().data;
    expect(none.total).toBe(0);
  });

  it('exports the filtered rides as CSV', async () => {
    const res = await get('/api/payment/rides/export.csv?search=pqalpha');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(PAYMENTS_MSG.total);
    expect(lines[1]).toContain('Zorro Pqalpha');
    expect(lines[1]).toContain('25.50');
  });
});

describe('GET payment/ride/{id}/bookings', () => {
  it("lists the ride's bookings as BookingDto with their payments", async () => {
    const res = await get(`/api/payment/ride/${rideA}/bookings`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((b: { id: number }) => b.id)).toEqual([bookingA1, bookingA2]);
    expect(rows[0]).toMatchObject({
      status: 'PAID',
      ride_id: rideA,
      passenger: { full_name: 'Paula Payer' },
      pick_up_location_name: 'Casino Square',
      pull_down_location_name: 'Port Hercule',
      ride: { captain: { full_name: 'Zorro Pqalpha' }, car: { number: 'PAY-111' } },
    });
    expect(rows[0].payments.map((p: { type: string; amount: number }) => [p.type, p.amount])).toEqual([
      ['booking', 20],
      ['tip', 5.5],
    ]);
    expect(rows[1].payments).toMatchObject([{ status: 'PENDING', amount: 7 }]);
  });

  it('an empty list for a ride without bookings, 404 for an unknown ride', async () => {
    const empty = await get(`/api/payment/ride/${rideC}/bookings`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    const missing = await get('/api/payment/ride/999999/bookings');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAYMENTS_MSG.rideNotFound);
    expect((await get('/api/payment/ride/abc/bookings')).statusCode).toBe(404);
  });
});
