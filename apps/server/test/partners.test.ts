import { MAP_CENTER, PARTNER_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, userRoles, users } from '../src/db/schema';
import { apiCaller, login, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let supervisor: string;
let hotel: string;
let dispatcher: string;
let gov: string;

beforeAll(async () => {
  [admin, supervisor, hotel, dispatcher, gov] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'hotel@example.com',
    'dispatcher@example.com',
    'gov@example.com',
  );
});

const partner = (over: Record<string, unknown> = {}) => ({
  name: `Hôtel Test ${Math.random().toString(36).slice(2, 8)}`,
  address: 'Avenue de la Costa',
  lon: MAP_CENTER[0],
  lat: MAP_CENTER[1],
  contact_name: 'Front desk',
  contact_phone: '+377 93 00 00 00',
  contact_email: 'desk@test.example.com',
  billing: 'per_ride',
  service_ids: [2, 3],
  max_active_bookings: 1,
  active: true,
  ...over,
});

const order = (partnerId: number, phone: string) => ({
  new_passenger: { first_name: 'Guest', last_name: 'Limit', phone_number: phone },
  service_id: 2,
  pickup: { name: 'Lobby', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
  dropoff: { name: 'Casino', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
  now: true,
  origin: 'dashboard',
  partner_id: partnerId,
});

describe('hotels, restaurants and companies (ACCOMMODATION)', () => {
  it('401, 422 with field errors, 403 without ACCOMMODATION, then create, list (by kind), edit', async () => {
    expect((await call('GET', 'hotels', null)).statusCode).toBe(401);
    const bad = await call('POST', 'hotels', admin, partner({ name: '', billing: 'weekly', max_active_bookings: -1 }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'billing', 'max_active_bookings']));
    expect((await call('POST', 'hotels', admin, partner({ service_ids: [999] }))).json().errors).toHaveProperty(
      'service_ids',
    );
    expect((await call('GET', 'hotels', supervisor)).statusCode).toBe(403);
    expect((await call('POST', 'hotels', supervisor, partner())).statusCode).toBe(403);
    expect((await call('GET', 'hotels', hotel)).statusCode).toBe(403);

    const made = await call('POST', 'hotels', admin, partner({ name: 'Hôtel Ligne Test' }));
    expect(made.statusCode).toBe(200);
    const id = made.json().data.id;
    const list = await call('GET', 'hotels?search=Ligne%20Test', admin);
    expect(list.json().data.data).toEqual([
      expect.objectContaining({ id, billing: 'per_ride', service_ids: [2, 3], users_count: 0 }),
    ]);
    // Scoped: a hotel is no restaurant.
    expect((await call('GET', `restaurants/${id}`, admin)).statusCode).toBe(404);
    const edited = await call('PUT', `hotels/${id}`, admin, { max_active_bookings: 4 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.max_active_bookings).toBe(4);
    // The demo city's hotels and restaurants are partners from the first start.
    expect((await call('GET', 'restaurants?perPage=50', admin)).json().data.total).toBeGreaterThan(0);
    expect((await call('GET', 'companies?perPage=50', admin)).json().data.total).toBe(3);
  });

  it('hotel staff accounts: 422 for a partner of another kind, then the account signs in to its partner desk', async () => {
    const restaurants = (await call('GET', 'restaurants?perPage=10', admin)).json().data.data;
    const hotels = (await call('GET', 'hotels?perPage=10', admin)).json().data.data;
    const user = {
      first_name: 'Nina',
      last_name: 'Night',
      email: 'nina.night@example.com',
      password: 'Demo#2026',
      partner_id: restaurants[0].id,
    };
    expect((await call('POST', 'hotel_users', null, user)).statusCode).toBe(401);
    const wrong = await call('POST', 'hotel_users', admin, user);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.partner_id).toEqual([PARTNER_MSG.notThisKind]);
    expect((await call('POST', 'hotel_users', supervisor, user)).statusCode).toBe(403);
    const made = await call('POST', 'hotel_users', admin, { ...user, partner_id: hotels[0].id });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ partner_id: hotels[0].id, partner_id_label: hotels[0].name });
    expect(made.json().data).not.toHaveProperty('password_hash');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'nina.night@example.com'));
    expect(row.partnerKind).toBe('hotel');
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, row.id))).map((r) => r.roleId)).toEqual([
      21,
    ]);
    // Not a hotel user: the restaurants' list does not show her.
    const restaurantUsers = (await call('GET', 'restaurant_users?perPage=50', admin)).json().data.data;
    expect(restaurantUsers.map((u: { email: string }) => u.email)).not.toContain('nina.night@example.com');
    const token = await login(t.app, 'nina.night@example.com');
    const me = await call('GET', 'partner', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: hotels[0].id, kind: 'hotel' });
  });
});

describe('a partner booking limit (max active bookings)', () => {
  it('a staff booking on a partner account: 422 on partner_id once the limit is reached; services apply', async () => {
    const made = await call('POST', 'hotels', admin, partner({ max_active_bookings: 1, service_ids: [2] }));
    const id = made.json().data.id;
    const first = await call('POST', 'bookings', admin, order(id, '+377 6 40 00 00 01'));
    expect(first.statusCode).toBe(201);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, first.json().data.id));
    expect(b.partnerId).toBe(id);
    const second = await call('POST', 'bookings', admin, order(id, '+377 6 40 00 00 02'));
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.partner_id).toEqual([PARTNER_MSG.tooManyBookings(1)]);
    const otherService = await call('POST', 'bookings', admin, { ...order(id, '+377 6 40 00 00 03'), service_id: 3 });
    expect(otherService.statusCode).toBe(422);
    expect(otherService.json().errors).toHaveProperty('service_id');
    // Finished bookings no longer count.
    await t.db.update(bookings).set({ status: 'PAID' }).where(eq(bookings.partnerId, id));
    expect((await call('POST', 'bookings', admin, order(id, '+377 6 40 00 00 02'))).statusCode).toBe(201);
  });

  it('the partner desk is held to its own limit too', async () => {
    const self = (await call('GET', 'partner', hotel)).json().data;
    await call('PUT', `hotels/${self.id}`, admin, { max_active_bookings: self.active_bookings + 1 });
    const guest = (phone: string) => ({
      first_name: 'Rainier',
      last_name: 'Guest',
      phone_number: phone,
      room_number: '204',
      service_id: 2,
      dropoff: { name: 'Casino', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
    });
    const ok = await call('POST', 'partner/bookings', hotel, guest('+377 6 41 00 00 01'));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ room_number: '204', pick_up_location_name: self.name });
    const refused = await call('POST', 'partner/bookings', hotel, guest('+377 6 41 00 00 02'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.partner_id).toEqual([PARTNER_MSG.tooManyBookings(self.active_bookings + 1)]);
  });
});

describe('the partners a phone booking may be made for (GET partners)', () => {
  it('401, 422, 403 for those who make no phone booking, then every kind by name with its active bookings', async () => {
    expect((await call('GET', 'partners', null)).statusCode).toBe(401);
    const bad = await call('GET', 'partners?kind=airline&perPage=1000', dispatcher);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['kind', 'perPage']));
    expect((await call('GET', 'partners', hotel)).statusCode).toBe(403);
    expect((await call('GET', 'partners', gov)).statusCode).toBe(403);

    const made = await call(
      'POST',
      'restaurants',
      admin,
      partner({ name: 'Trattoria 100% Test', max_active_bookings: 3 }),
    );
    const id = made.json().data.id;
    expect((await call('POST', 'bookings', dispatcher, order(id, '+377 6 42 00 00 01'))).statusCode).toBe(201);
    const found = await call('GET', `partners?search=${encodeURIComponent('100% Test')}`, dispatcher);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.data).toEqual([
      {
        id,
        kind: 'restaurant',
        name: 'Trattoria 100% Test',
        address: 'Avenue de la Costa',
        lon: MAP_CENTER[0],
        lat: MAP_CENTER[1],
        active: true,
        max_active_bookings: 3,
        active_bookings: 1,
      },
    ]);
    // '%' is a character of the name, not a wildcard.
    expect((await call('GET', 'partners?search=100%25%25', dispatcher)).json().data.total).toBe(0);
    const all = (await call('GET', 'partners?perPage=100', supervisor)).json().data.data as { kind: string }[];
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(['hotel', 'restaurant', 'company']));
    const hotels = (await call('GET', 'partners?kind=hotel&perPage=100', dispatcher)).json().data.data as {
      kind: string;
    }[];
    expect(hotels.length).toBeGreaterThan(0);
    expect(hotels.every((p) => p.kind === 'hotel')).toBe(true);
  });

  it('a booking made for a partner presents it; an inactive partner is refused on partner_id', async () => {
    const made = await call('POST', 'hotels', admin, partner({ name: 'Hôtel Présenté', max_active_bookings: 0 }));
    const id = made.json().data.id;
    const booked = await call('POST', 'bookings', dispatcher, order(id, '+377 6 43 00 00 01'));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.partner).toEqual({ id, kind: 'hotel', name: 'Hôtel Présenté' });
    const shown = await call('GET', `bookings/${booked.json().data.id}`, dispatcher);
    expect(shown.json().data.partner).toEqual({ id, kind: 'hotel', name: 'Hôtel Présenté' });
    const plain = await call('POST', 'bookings', dispatcher, { ...order(id, '+377 6 43 00 00 02'), partner_id: null });
    expect(plain.json().data.partner).toBeNull();

    await call('PUT', `hotels/${id}`, admin, { active: false });
    const refused = await call('POST', 'bookings', dispatcher, order(id, '+377 6 43 00 00 03'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.partner_id).toEqual([PARTNER_MSG.partnerInactive]);
  });
});
