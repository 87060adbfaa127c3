// Groups of orders (booking-groups.ts in packages/shared): the cars a caller books together in one call, made in
// one request and one transaction; the order list of a group (GET booking?group_order); a car added to a group.
import { BOOKING_GROUP_MSG, type BookingDto, GROUP_CARS_MAX, MAP_CENTER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { makeBooking, makePassenger } from './factories';
import { apiCaller, bearer, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';
let airport = '';
beforeAll(async () => {
  [admin, disp, airport] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com', 'airport@example.com');
});

const orderBody = (passengerId: number, extra: object = {}) => ({
  passenger_id: passengerId,
  service_id: 2,
  pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
  now: true,
  origin: 'phone',
  ...extra,
});

const order = (body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { ...bearer(disp), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const ofPassenger = (passengerId: number) => t.db.select().from(bookings).where(eq(bookings.passengerId, passengerId));
const ofGroup = (group: string) => t.db.select().from(bookings).where(eq(bookings.groupOrder, group));
const groupList = async (group: string, token = disp) => call('GET', `booking?group_order=${group}&perPage=25`, token);

describe('POST bookings with cars', () => {
  it('422 for a count outside 1–5 and for a group that is not one; nothing is made', async () => {
    const p = await makePassenger(t.db);
    for (const cars of [0, GROUP_CARS_MAX + 1, 'two']) {
      const res = await order(orderBody(p.id, { cars }));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['cars']);
    }
    for (const group_order of ['abc', '12; drop', '0', '99999999999']) {
      const res = await order(orderBody(p.id, { group_order }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.group_order).toEqual([BOOKING_GROUP_MSG.unknownGroup]);
    }
    // Of the right shape but nobody's group.
    const nowhere = await order(orderBody(p.id, { group_order: '2147483000' }));
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.group_order).toEqual([BOOKING_GROUP_MSG.unknownGroup]);
    expect(await ofPassenger(p.id)).toEqual([]);
  });

  it('makes one booking a car in a new group named after the first, in one request', async () => {
    const p = await makePassenger(t.db);
    const res = await order(orderBody(p.id, { cars: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json().data as BookingDto;
    const group = String(first.id);
    expect(first).toMatchObject({ group_order: group, group_size: 3 });
    expect(res.json().message).toBe(BOOKING_GROUP_MSG.created(3, group));
    const rows = await ofPassenger(p.id);
    expect(rows.map((r) => r.groupOrder)).toEqual([group, group, group]);
    expect(rows.map((r) => r.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    expect(Math.min(...rows.map((r) => r.id))).toBe(first.id);

    // A single car is no group.
    const single = (await order(orderBody(p.id))).json().data as BookingDto;
    expect(single).toMatchObject({ group_order: null, group_size: null });
  });

  it('a retry with the same Idempotency-Key makes no car twice', async () => {
    const p = await makePassenger(t.db);
    const key = `group-${Date.now()}`;
    const first = await order(orderBody(p.id, { cars: 2 }), key);
    const again = await order(orderBody(p.id, { cars: 2 }), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await ofPassenger(p.id)).toHaveLength(2);
  });

  it('all or none: a passenger limit the cars would pass refuses every car', async () => {
    const p = await makePassenger(t.db);
    await makeBooking(t.db, { passengerId: p.id, status: 'PENDING' });
    expect((await call('PUT', 'settings/bookings', admin, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 3 })).statusCode).toBe(
      200,
    );
    try {
      const refused = await order(orderBody(p.id, { cars: 3 }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toHaveProperty('passenger_id');
      expect(await ofPassenger(p.id)).toHaveLength(1);
      expect((await order(orderBody(p.id, { cars: 2 }))).statusCode).toBe(201);
    } finally {
      await call('PUT', 'settings/bookings', admin, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 0 });
    }
  });
});

describe("a group's orders", () => {
  it('GET booking?group_order lists them whoever the passenger and whatever the status; 422 on junk', async () => {
    const caller = await makePassenger(t.db);
    const made = (await order(orderBody(caller.id, { cars: 2 }))).json().data as BookingDto;
    const group = made.group_order as string;
    // A car added to the group for another member of the party, on the same call or a later one.
    const friend = await makePassenger(t.db);
    const added = await order(orderBody(friend.id, { group_order: group }));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ group_order: group, group_size: 3 });
    const [cancelled] = await ofGroup(group);
    await t.db.update(bookings).set({ status: 'PAX_CANCELLED' }).where(eq(bookings.id, cancelled.id));

    const list = await groupList(group);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.data as BookingDto[];
    expect(rows.map((b) => b.id).sort()).toEqual((await ofGroup(group)).map((b) => b.id).sort());
    expect(new Set(rows.map((b) => b.passenger.id))).toEqual(new Set([caller.id, friend.id]));
    expect(rows.every((b) => b.group_size === 3)).toBe(true);
    // A tab still filters the group.
    const active = (await call('GET', `booking?group_order=${group}&group=all`, disp)).json().data.data as BookingDto[];
    expect(active).toHaveLength(2);

    for (const junk of ['abc', '1%25', '-4']) {
      const bad = await groupList(junk);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.group_order).toEqual([BOOKING_GROUP_MSG.unknownGroup]);
    }
    // The board's rule: the airport desk reads no board, with or without a group.
    expect((await groupList(group, airport)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/booking?group_order=${group}` })).statusCode).toBe(401);
  });

  it('a group holds at most five cars that are not cancelled (422 on cars)', async () => {
    const p = await makePassenger(t.db);
    const group = ((await order(orderBody(p.id, { cars: 4 }))).json().data as BookingDto).group_order as string;
    const full = await order(orderBody(p.id, { group_order: group, cars: 2 }));
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.cars).toEqual([BOOKING_GROUP_MSG.groupFull(GROUP_CARS_MAX)]);
    expect(await ofGroup(group)).toHaveLength(4);
    expect((await order(orderBody(p.id, { group_order: group }))).statusCode).toBe(201);
    expect((await order(orderBody(p.id, { group_order: group }))).statusCode).toBe(422);
    // A cancelled car leaves room for another.
    const [first] = await ofGroup(group);
    await t.db.update(bookings).set({ status: 'SYSTEM_CANCELLED' }).where(eq(bookings.id, first.id));
    expect((await order(orderBody(p.id, { group_order: group }))).statusCode).toBe(201);
    expect(await ofGroup(group)).toHaveLength(6);
  });
});
