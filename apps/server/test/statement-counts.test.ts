import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNotes, rides, sectors } from '../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { bearer, buildTestApp, login, type TestApp } from './helpers';
import { StatementCounter } from './statement-counter';

/**
 * Statements per request, counted at the driver: authentication is one statement, and a list sends
 * the same number of statements whatever its page size (relations are loaded for the whole page).
 */
let t: TestApp;
let token: string;
let counter: StatementCounter;

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, 'admin@example.com');
  counter = new StatementCounter(t.db);
  const [sector] = await t.db.select({ id: sectors.id }).from(sectors).limit(1);
  // Every booking has the same kinds of relations, so a short and a long page need the same lookups.
  for (let i = 0; i < 110; i++) {
    const passenger = await makePassenger(t.db, { firstName: 'Anna' });
    const { captain, car } = await makeCaptain(t.db);
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id, carId: car?.id }).returning();
    const booking = await makeBooking(t.db, {
      passengerId: passenger.id,
      status: 'ACCEPTED',
      rideId: ride.id,
      suggestionCaptainId: captain.id,
      pickupSectorId: sector?.id,
    });
    await t.db.insert(bookingNotes).values({ bookingId: booking.id, note: `note ${i}` });
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(token) });

async function statementsOf(url: string): Promise<number> {
  return counter.count(async () => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  });
}

describe('SQL statements per request', () => {
  it('authentication is one statement, and check_auth needs nothing more', async () => {
    expect(await statementsOf('check_auth')).toBe(1);
    const denied = await counter.count(() =>
      t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer('not-a-token') }),
    );
    expect(denied).toBe(1);
  });

  it.each([
    // Dispatched: every booking of both pages has a ride (the board puts pending ones, which have none, first, and a
    // page without rides needs no ride lookup).
    ['booking?group=dispatched&perPage=%d', 10, 100],
    ['booking/search?customer=anna&perPage=%d', 10, 100],
    ['passenger?perPage=%d', 10, 100],
    ['captain?perPage=%d', 10, 100],
  ])('%s sends as many statements for a page of %d as for %d', async (url, small, large) => {
    const few = await statementsOf(url.replace('%d', String(small)));
    const many = await statementsOf(url.replace('%d', String(large)));
    expect(many).toBe(few);
    // authentication, count, page, and a bounded number of lookups for the page's relations
    expect(few).toBeLessThanOrEqual(20);
  });
});
