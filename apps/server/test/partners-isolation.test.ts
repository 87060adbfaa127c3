/**
 * Tenant isolation of the partner desk (ASVS 8.4.1): partner A's staff against partner B's bookings,
 * guests and partner record, on every partner route (403/404), and against the staff routes (403); and a
 * booking for a phone number never reveals the passenger of that number, nor another partner's guest.
 */
import { MAP_CENTER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, partnerGuests, payments } from '../src/db/schema';
import { makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let hotelA: string;
let hotelB: string;
let restaurant: string;
let dispatcher: string;
let admin: string;
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
  [hotelA, hotelB, restaurant, dispatcher, admin] = await loginAll(
    t.app,
    'hotel@example.com',
    'hotel2@example.com',
    'restaurant@example.com',
    'dispatcher@example.com',
    'admin@example.com',
  );
  for (const [token, side, phone] of [
    [hotelA, a, '+377 6 70 00 00 01'],
    [hotelB, b, '+377 6 70 00 00 02'],
  ] as const) {
    side.partner = (await call('GET', 'partner', token)).json().data.id;
    const made = await call('POST', 'partner/bookings', token, guest(phone));
    expect(made.statusCode).toBe(201);
    side.booking = made.json().data.id;
    side.guest = made.json().data.guest.id;
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

  it("partner A against partner B's objects on every partner route: 403 for bookings, 404 for guests and unknown ids", async () => {
    expect((await call('GET', `partner/bookings/${a.booking}`, hotelA)).statusCode).toBe(200);
    expect((await call('GET', `partner/passengers/${a.guest}`, hotelA)).statusCode).toBe(200);
    const matrix: [string, string, number][] = [
      [hotelA, `partner/bookings/${b.booking}`, 403],
      [hotelA, `partner/passengers/${b.guest}`, 404],
      [hotelB, `partner/bookings/${a.booking}`, 403],
      [hotelB, `partner/passengers/${a.guest}`, 404],
      [restaurant, `partner/bookings/${a.booking}`, 403],
      [restaurant, `partner/passengers/${a.guest}`, 404],
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

type Res = { statusCode: number; body: string; json(): { data: Record<string, unknown> & { data?: unknown[] } } };
/** The fields of a passenger a desk may never be given, whatever it typed (and no passenger object at all). */
const PASSENGER_ONLY = [
  'username',
  'whatsapp_number',
  'approved_at',
  'id_card_front',
  'id_card_back',
  'rejected_count',
  'can_use_vip',
  'active_loyalty_classes',
  'passenger_id',
];
/** Asserts a desk's answer holds none of the passenger's own values nor any of its fields. */
function revealsNothing(res: Res, secrets: readonly string[]) {
  expect(res.statusCode, res.body).toBe(200);
  for (const secret of secrets) expect(res.body, secret).not.toContain(secret);
  const objects = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value)
      ? value.flatMap(objects)
      : value && typeof value === 'object'
        ? [value as Record<string, unknown>, ...Object.values(value).flatMap(objects)]
        : [];
  for (const o of objects(res.json().data)) {
    for (const key of PASSENGER_ONLY) expect(o, key).not.toHaveProperty(key);
    // An invoice line names its guest (a string); a booking never carries the passenger's object.
    expect(typeof o.passenger, 'passenger').not.toBe('object');
  }
}

describe('a booking for a phone number shows the desk only what it typed (tenant isolation on lookups)', () => {
  const phone = '+377 6 98 70 00 01';
  let real: { id: number };
  let booking: number;
  let guestId: number;
  // The passenger's own data: none of it may reach a desk that only knows the phone number.
  const secrets = [
    'Véronique',
    'Secretname',
    'vero.secret',
    '+377 6 99 99 99 99',
    'front-secret.png',
    'back-secret.png',
    '2025-03-04',
    'P3',
  ];

  beforeAll(async () => {
    real = await makePassenger(t.db, {
      firstName: 'Véronique',
      lastName: 'Secretname',
      username: 'vero.secret',
      email: 'vero.secret@example.com',
      phoneNumber: phone,
      whatsappNumber: '+377 6 99 99 99 99',
      idCardFront: 'front-secret.png',
      idCardBack: 'back-secret.png',
      approvedAt: new Date('2025-03-04T10:00:00Z'),
      rejectedCount: 2,
      canUseVip: true,
      activeLoyaltyClasses: ['P3'],
      registered: true,
    });
  });

  it("hotel A books with an approved passenger's phone: the reply holds only what A typed", async () => {
    const made = await call(
      'POST',
      'partner/bookings',
      hotelA,
      guest(phone, { first_name: 'Typed', last_name: 'ByA' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    booking = made.json().data.id;
    guestId = made.json().data.guest.id;
    expect(made.json().data.guest).toEqual({
      id: guestId,
      first_name: 'Typed',
      last_name: 'ByA',
      full_name: 'Typed ByA',
      phone_number: phone,
    });
    expect(made.json().data.room_number).toBe('12');
    revealsNothing({ ...made, statusCode: 200 }, secrets);
    // Dispatch still has the real passenger; the partner's record links to it on the server only.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(row.passengerId).toBe(real.id);
    const [record] = await t.db.select().from(partnerGuests).where(eq(partnerGuests.id, guestId));
    expect(record).toMatchObject({ partnerId: a.partner, passengerId: real.id, firstName: 'Typed', lastName: 'ByA' });
  });

  it('every later read of the desk (bookings, guests, invoices) shows the same, never the passenger', async () => {
    const list = await call('GET', 'partner/bookings?perPage=100', hotelA);
    revealsNothing(list, secrets);
    const mine = (list.json().data.data as { id: number; guest: { full_name: string } }[]).find(
      (b) => b.id === booking,
    );
    expect(mine?.guest.full_name).toBe('Typed ByA');
    revealsNothing(await call('GET', `partner/bookings/${booking}`, hotelA), secrets);
    const guests = await call('GET', 'partner/passengers?perPage=100', hotelA);
    revealsNothing(guests, secrets);
    expect(guests.json().data.data).toContainEqual(
      expect.objectContaining({ id: guestId, full_name: 'Typed ByA', phone_number: phone, room_number: '12' }),
    );
    const one = await call('GET', `partner/passengers/${guestId}`, hotelA);
    revealsNothing(one, secrets);
    expect(one.json().data).toMatchObject({ id: guestId, first_name: 'Typed', last_name: 'ByA', bookings: 1 });
    // Its invoice names the guest as the hotel typed it.
    await t.db.update(bookings).set({ status: 'DONE' }).where(eq(bookings.id, booking));
    await t.db.insert(payments).values({ bookingId: booking, amount: '21.00' });
    const invoices = await call('GET', 'partner/invoices', hotelA);
    revealsNothing(invoices, secrets);
    expect(invoices.body).toContain('Typed ByA');
  });

  it("a passenger's id is no guest id: 404, as for an id that does not exist", async () => {
    const held = ids(await call('GET', 'partner/passengers?perPage=100', hotelA));
    expect(held).not.toContain(real.id);
    const res = await call('GET', `partner/passengers/${real.id}`, hotelA);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: (await call('GET', 'partner/passengers/999999', hotelA)).json().message,
    });
    // Nor does hotel B, which never booked for this number.
    expect((await call('GET', `partner/passengers/${real.id}`, hotelB)).statusCode).toBe(404);
    expect((await call('GET', `partner/passengers/${guestId}`, hotelB)).statusCode).toBe(404);
  });

  it('the staff console still sees the real passenger on the booking', async () => {
    const shown = await call('GET', `bookings/${booking}`, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.passenger).toMatchObject({
      id: real.id,
      full_name: 'Véronique Secretname',
      whatsapp_number: '+377 6 99 99 99 99',
      id_card_front: 'front-secret.png',
      active_loyalty_classes: [{ name: 'P3' }],
    });
  });

  it("a staff booking on A's account for that passenger shows A no guest at all", async () => {
    const made = await call('POST', 'bookings', dispatcher, {
      passenger_id: real.id,
      service_id: 2,
      pickup: { name: 'Lobby', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
      dropoff: { name: 'Casino', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
      now: true,
      origin: 'dashboard',
      partner_id: a.partner,
    });
    expect(made.statusCode, made.body).toBe(201);
    const shown = await call('GET', `partner/bookings/${made.json().data.id}`, hotelA);
    revealsNothing(shown, secrets);
    expect(shown.json().data.guest).toBeNull();
  });
});

describe("a booking with another partner's guest's phone: each partner keeps its own record", () => {
  const phone = '+377 6 98 70 00 02';
  let bBooking: number;
  let bGuest: number;
  let aGuest: number;

  it("hotel B's guest, booked by hotel A: A sees only what A typed, B's view is unchanged", async () => {
    const byB = await call(
      'POST',
      'partner/bookings',
      hotelB,
      guest(phone, { first_name: 'Béatrice', last_name: 'FromB', room_number: '7' }),
    );
    expect(byB.statusCode, byB.body).toBe(201);
    bBooking = byB.json().data.id;
    bGuest = byB.json().data.guest.id;
    const bBefore = (await call('GET', `partner/passengers/${bGuest}`, hotelB)).json().data;

    const byA = await call(
      'POST',
      'partner/bookings',
      hotelA,
      guest(phone, { first_name: 'Alan', last_name: 'FromA' }),
    );
    expect(byA.statusCode, byA.body).toBe(201);
    aGuest = byA.json().data.guest.id;
    expect(aGuest).not.toBe(bGuest);
    expect(byA.json().data.guest).toMatchObject({ full_name: 'Alan FromA', phone_number: phone });
    const theirs = ['Béatrice', 'FromB'];
    revealsNothing({ ...byA, statusCode: 200 }, theirs);
    revealsNothing(await call('GET', 'partner/bookings?perPage=100', hotelA), theirs);
    revealsNothing(await call('GET', `partner/bookings/${byA.json().data.id}`, hotelA), theirs);
    revealsNothing(await call('GET', 'partner/passengers?perPage=100', hotelA), theirs);
    revealsNothing(await call('GET', `partner/passengers/${aGuest}`, hotelA), theirs);
    // B's guest never becomes A's.
    expect(ids(await call('GET', 'partner/passengers?perPage=100', hotelA))).not.toContain(bGuest);
    expect((await call('GET', `partner/passengers/${bGuest}`, hotelA)).statusCode).toBe(404);
    expect((await call('GET', `partner/bookings/${bBooking}`, hotelA)).statusCode).toBe(403);

    // B's view: the same record, nothing of what A typed.
    const bAfter = await call('GET', `partner/passengers/${bGuest}`, hotelB);
    expect(bAfter.json().data).toEqual(bBefore);
    expect(bAfter.json().data).toMatchObject({ full_name: 'Béatrice FromB', room_number: '7', bookings: 1 });
    const bList = await call('GET', 'partner/bookings?perPage=100', hotelB);
    revealsNothing(bList, ['Alan', 'FromA']);
    expect(
      (bList.json().data.data as { id: number; guest: { full_name: string } }[]).find((b) => b.id === bBooking)?.guest
        .full_name,
    ).toBe('Béatrice FromB');
    // Both rides are dispatched for the one passenger of that number.
    const rows = await t.db
      .select()
      .from(bookings)
      .where(
        eq(bookings.passengerId, (await t.db.select().from(bookings).where(eq(bookings.id, bBooking)))[0].passengerId),
      );
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([bBooking, byA.json().data.id]));
  });

  it('a second booking by A for that number brings its own record up to date, and B keeps its own', async () => {
    const again = await call(
      'POST',
      'partner/bookings',
      hotelA,
      guest(phone, { first_name: 'Alan', last_name: 'Again', room_number: '44' }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.guest.id).toBe(aGuest);
    const mine = (await call('GET', `partner/passengers/${aGuest}`, hotelA)).json().data;
    expect(mine).toMatchObject({ full_name: 'Alan Again', room_number: '44', bookings: 2 });
    const theirs = (await call('GET', `partner/passengers/${bGuest}`, hotelB)).json().data;
    expect(theirs).toMatchObject({ full_name: 'Béatrice FromB', room_number: '7', bookings: 1 });
  });
});
