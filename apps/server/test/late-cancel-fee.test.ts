import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEntries } from '../src/db/schema';
import { makeBooking, makePassenger } from './factories';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  [admin] = await loginAll(t.app, 'admin@example.com');
}, 60_000);
afterAll(() => t.close());

const penalties = async (passengerId: number) =>
  t.db
    .select()
    .from(accountEntries)
    .where(and(eq(accountEntries.ownerId, passengerId), eq(accountEntries.type, 'passenger_penalty')));

describe('the late-cancellation fee (settings: PASSENGER_LATE_CANCEL_FEE_EUROS)', () => {
  it('charges a passenger who cancels once the captain arrived, and only then, as the setting says', async () => {
    const passenger = await makePassenger(t.db);
    // 0 by default: cancelling at the door costs nothing.
    const free = await makeBooking(t.db, { passengerId: passenger.id, status: 'ARRIVED' });
    await t.app.bookings.passengerCancel(free.id);
    expect(await penalties(passenger.id)).toEqual([]);

    const bad = await call('PUT', 'settings/general', admin, { PASSENGER_LATE_CANCEL_FEE_EUROS: 500 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('PASSENGER_LATE_CANCEL_FEE_EUROS');
    expect((await call('PUT', 'settings/general', admin, { PASSENGER_LATE_CANCEL_FEE_EUROS: 5 })).statusCode).toBe(200);

    // Before the captain arrived: no fee.
    const early = await makeBooking(t.db, { passengerId: passenger.id, status: 'ACCEPTED' });
    await t.app.bookings.passengerCancel(early.id);
    expect(await penalties(passenger.id)).toEqual([]);

    const late = await makeBooking(t.db, { passengerId: passenger.id, status: 'ARRIVED' });
    await t.app.bookings.passengerCancel(late.id);
    const [fee] = await penalties(passenger.id);
    expect(fee).toMatchObject({ amount: -500, bookingId: late.id, ownerKind: 'passenger' });
    const account = (await call('GET', `passenger/${passenger.id}/account`, admin)).json().data;
    expect(account.balance).toBe(-500);
  });
});
