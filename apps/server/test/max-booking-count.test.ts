import { MAP_CENTER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { makeBooking, makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let sup: string;

beforeAll(async () => {
  [admin, sup] = await loginAll(t.app, 'admin@example.com', 'supervisor@example.com');
});

const order = (passengerId: number) =>
  call('POST', 'bookings', admin, {
    passenger_id: passengerId,
    service_id: 2,
    pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    now: true,
  });

describe('MaxBookingCount', () => {
  it('is read and changed with T_C only; 422 on a negative or non-integer limit', async () => {
    expect((await call('GET', 'settings/bookings', sup)).statusCode).toBe(403);
    expect((await call('PUT', 'settings/bookings', sup, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 2 })).statusCode).toBe(
      403,
    );
    expect((await call('GET', 'settings/bookings', admin)).json().data.values).toEqual({
      MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 0,
    });
    const bad = await call('PUT', 'settings/bookings', admin, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('MAX_ACTIVE_BOOKINGS_PER_PASSENGER');
    expect((await call('PUT', 'settings/bookings', admin, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 1.5 })).statusCode).toBe(
      422,
    );
  });

  it('refuses a booking beyond the limit with 422 on passenger_id; finished and cancelled ones do not count', async () => {
    const passenger = await makePassenger(t.db);
    await makeBooking(t.db, { passengerId: passenger.id, status: 'PENDING' });
    const second = await makeBooking(t.db, { passengerId: passenger.id, status: 'APPROVED' });
    await makeBooking(t.db, { passengerId: passenger.id, status: 'PAID' });
    await makeBooking(t.db, { passengerId: passenger.id, status: 'PAX_CANCELLED' });

    // no limit by default (0)
    const free = await order(passenger.id);
    expect(free.statusCode).toBe(201);
    await t.db.update(bookings).set({ status: 'SYSTEM_CANCELLED' }).where(eq(bookings.id, free.json().data.id));

    expect((await call('PUT', 'settings/bookings', admin, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 2 })).statusCode).toBe(
      200,
    );
    const refused = await order(passenger.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.passenger_id).toEqual([
      'This passenger already has 2 active bookings, the maximum allowed',
    ]);
    // in French too
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'fr' },
      payload: {
        passenger_id: passenger.id,
        service_id: 2,
        pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
        now: true,
      },
    });
    expect(fr.statusCode).toBe(422);
    expect(fr.json().errors.passenger_id[0]).not.toContain('This passenger');

    // another passenger is not concerned
    expect((await order((await makePassenger(t.db)).id)).statusCode).toBe(201);

    // one of theirs ends: they may book again, up to the limit
    await t.db.update(bookings).set({ status: 'PAID' }).where(eq(bookings.id, second.id));
    expect((await order(passenger.id)).statusCode).toBe(201);
    expect((await order(passenger.id)).statusCode).toBe(422);

    await call('PUT', 'settings/bookings', admin, { MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 0 });
    expect((await order(passenger.id)).statusCode).toBe(201);
  });
});
