/**
 * Tenant isolation of the partner desk (ASVS 8.4.1): partner A's staff against partner B's bookings,
 * guests and partner record, on every partner route (403/404), and against the staff routes (403).
 */
import { MAP_CENTER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let hotelA: string;
let hotelB: string;
let restaurant: string;
let dispatcher: string;
const a = { partner: 0, booking: 0, guest: 0 };
const b = { partner: 0, booking: 0, guest: 0 };

const guest = (phone: string, over: Record<string, unknown> = {}) => ({
  first_name: 'Guest',
  last_name: phone.slice(-2),
  phone_number: phone,
  room_number: '12',
  service_id: 2,
  dropoff: { name: 'Casino', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
  ...over,
});

beforeAll(async () => {
  [hotelA, hotelB, restaurant, dispatcher] = await loginAll(
    t.app,
    'hotel@example.com',
    'hotel2@example.com',
    'restaurant@example.com',
    'dispatcher@example.com',
  );
  for (const [token, side, phone] of [
    [hotelA, a, '+377 6 70 00 00 01'],
    [hotelB, b, '+377 6 70 00 00 02'],
  ] as const) {
    side.partner = (await call('GET', 'partner', token)).json().data.id;
    const made = await call('POST', 'partner/bookings', token, guest(phone));
    expect(made.statusCode).toBe(201);
    side.booking = made.json().data.id;
    side.guest = made.json().data.passenger.id;
  }
});

const ids = (res: { json(): { data: { data: { id: number }[] } } }) => res.json().data.data.map((r) => r.id);

describe('the partner desk: 401, 422, 403, then its own organisation only', () => {
  it('401 without a token; 422 with field errors; 403 for staff and the airport desk', async () => {
    expect((await call('GET', 'partner/bookings', null)).statusCode).toBe(401);
    expect((await call('POST', 'partner/bookings', null, guest('+377 6 70 00 00 09'))).statusCode).toBe(401);
    const bad = await call('POST', 'partner/bookings', hotelA, guest('12', { service_id: 'x', dropoff: null }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['phone_number', 'service_id', 'dropoff']));
    for (const url of ['partner', 'partner/bookings', `partner/bookings/${a.booking}`, 'partner/passengers']) {
      expect((await call('GET', url, dispatcher)).statusCode, url).toBe(403);
    }
    expect((await call('POST', 'partner/bookings', dispatcher, guest('+377 6 70 00 00 09'))).statusCode).toBe(403);
  });

  it('a booking is made for the caller’s own partner, whatever the body says', async () => {
    const made = await call('POST', 'partner/bookings', hotelA, {
      ...guest('+377 6 70 00 00 03'),
      partner_id: b.partner,
    });
    expect(made.statusCode).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.json().data.id));
    expect(row.partnerId).toBe(a.partner);
    expect(row.roomNumber).toBe('12');
  });

  it('lists only its own bookings and guests', async () => {
    const mine = ids(await call('GET', 'partner/bookings?perPage=100', hotelA));
    expect(mine).toContain(a.booking);
    expect(mine).not.toContain(b.booking);
    const theirs = ids(await call('GET', 'partner/bookings?perPage=100', hotelB));
    expect(theirs).toEqual([b.booking]);
    const guests = ids(await call('GET', 'partner/passengers?perPage=100', hotelA));
    expect(guests).toContain(a.guest);
    expect(guests).not.toContain(b.guest);
    expect(ids(await call('GET', 'partner/bookings?perPage=100', restaurant))).toEqual([]);
  });

  it("partner A against partner B's objects on every partner route: 403, unknown ids 404", async () => {
    expect((await call('GET', `partner/bookings/${a.booking}`, hotelA)).statusCode).toBe(200);
    expect((await call('GET', `partner/passengers/${a.guest}`, hotelA)).statusCode).toBe(200);
    const matrix: [string, string, number][] = [
      [hotelA, `partner/bookings/${b.booking}`, 403],
      [hotelA, `partner/passengers/${b.guest}`, 403],
      [hotelB, `partner/bookings/${a.booking}`, 403],
      [hotelB, `partner/passengers/${a.guest}`, 403],
      [restaurant, `partner/bookings/${a.booking}`, 403],
      [restaurant, `partner/passengers/${a.guest}`, 403],
      [hotelA, 'partner/bookings/999999', 404],
      [hotelA, 'partner/passengers/999999', 404],
    ];
    for (const [token, url, status] of matrix) expect((await call('GET', url, token)).statusCode, url).toBe(status);
    // Its own partner only: GET partner answers with the caller's partner.
    expect((await call('GET', 'partner', hotelB)).json().data.id).toBe(b.partner);
  });

  it("partner A against the staff routes with partner B's objects: 403", async () => {
    const staffOnly: [string, string][] = [
      ['GET', 'booking'],
      ['GET', `bookings/${b.booking}`],
      ['GET', `booking/${b.booking}/statuses`],
      ['GET', `booking/${b.booking}/airport_details`],
      ['GET', 'booking/search?order_id=1'],
      ['PUT', `booking/${b.booking}/touch`],
      ['DELETE', `bookings/${b.booking}?user_cancellation_reason_id=1`],
      ['PUT', `bookings/${b.booking}/order`],
      ['POST', 'bookings'],
      ['GET', 'passenger'],
      ['GET', `passenger/${b.guest}`],
      ['GET', `passenger/${b.guest}/bookings`],
      ['GET', 'hotels'],
      ['GET', `hotels/${b.partner}`],
      ['PUT', `hotels/${b.partner}`],
      ['GET', 'hotel_users'],
      ['GET', 'airport/requests'],
    ];
    for (const [method, url] of staffOnly) {
      const res = await call(method as 'GET', url, hotelA, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
