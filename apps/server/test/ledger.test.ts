import { LEDGER_MSG } from '@taxi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, auditLog, payments, rides } from '../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let dispatcher: string;
let callcenter: string;
let gov: string;
let captainId: number;
let passengerId: number;

const sumOf = async (kind: 'captain' | 'passenger', id: number) => {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(${accountEntries.amount}), 0)` })
    .from(accountEntries)
    .where(and(eq(accountEntries.ownerKind, kind), eq(accountEntries.ownerId, id)));
  return Number(row.total);
};

beforeAll(async () => {
  [admin, dispatcher, callcenter, gov] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'callcenter@example.com',
    'gov@example.com',
  );
  captainId = (await makeCaptain(t.db, { firstName: 'Lea', lastName: 'Ledger' })).captain.id;
  passengerId = (await makePassenger(t.db, { firstName: 'Paul', lastName: 'Ledger' })).id;
});

describe('accounts', () => {
  it('needs a token, the right permission, and valid input', async () => {
    expect((await call('GET', `captain/${captainId}/account`, null)).statusCode).toBe(401);
    expect((await call('POST', `captain/${captainId}/account/entries`, null, {})).statusCode).toBe(401);
    // the call centre reads passengers, not captains; the Goverment role reads no passenger
    expect((await call('GET', `captain/${captainId}/account`, callcenter)).statusCode).toBe(403);
    expect((await call('GET', `passenger/${passengerId}/account`, gov)).statusCode).toBe(403);
    expect((await call('GET', `passenger/${passengerId}/account`, callcenter)).statusCode).toBe(200);
    // only the payments desk writes entries
    const entry = { type: 'captain_penalty', amount: 5, note: 'Late' };
    expect((await call('POST', `captain/${captainId}/account/entries`, dispatcher, entry)).statusCode).toBe(403);

    expect((await call('GET', `captain/${captainId}/account?type=nope`, admin)).statusCode).toBe(422);
    const bad = await call('POST', `captain/${captainId}/account/entries`, admin, {
      type: 'ride',
      amount: -3,
      note: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount).toEqual([LEDGER_MSG.amountPositive]);
    expect(bad.json().errors.note).toEqual([LEDGER_MSG.noteRequired]);
    // a ride is written by a payment, never by hand; a passenger has no captain penalty
    const ride = await call('POST', `captain/${captainId}/account/entries`, admin, {
      type: 'ride',
      amount: 3,
      note: 'x',
    });
    expect(ride.statusCode).toBe(422);
    expect(ride.json().errors.type).toEqual([LEDGER_MSG.notManualType]);
    const wrongOwner = await call('POST', `passenger/${passengerId}/account/entries`, admin, entry);
    expect(wrongOwner.json().errors.type).toEqual([LEDGER_MSG.notManualType]);
    expect((await call('GET', 'captain/999999/account', admin)).statusCode).toBe(404);
    expect((await call('POST', 'captain/999999/account/entries', admin, entry)).statusCode).toBe(404);
  });

  it('writes the ride and payment entries in the payment of a booking', async () => {
    const [ride] = await t.db.insert(rides).values({ captainId }).returning();
    const booking = await makeBooking(t.db, { rideId: ride.id, passengerId, status: 'DONE' });
    await t.app.bookings.pay(captainId, booking.id, 12.4, 1.1);

    const written = await t.db.select().from(accountEntries).where(eq(accountEntries.bookingId, booking.id));
    const byOwner = Object.fromEntries(written.map((e) => [e.ownerKind, e]));
    expect(written).toHaveLength(2);
    expect(byOwner.captain).toMatchObject({ ownerId: captainId, type: 'ride', amount: 1350 });
    expect(byOwner.passenger).toMatchObject({ ownerId: passengerId, type: 'payment', amount: -1350 });
    // the same transaction as the DONE payments
    const paid = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(paid.map((p) => p.type).sort()).toEqual(['booking', 'tip']);

    const account = (await call('GET', `captain/${captainId}/account`, admin)).json().data;
    expect(account.balance).toBe(1350);
    expect(account.entries.data[0]).toMatchObject({ type: 'ride', amount: 1350, booking_id: booking.id });
    const passenger = (await call('GET', `passenger/${passengerId}/account`, admin)).json().data;
    expect(passenger.balance).toBe(-1350);
  });

  it('adds an audited manual entry, signed by its type, and the balance stays the sum of the entries', async () => {
    const penalty = await call('POST', `captain/${captainId}/account/entries`, admin, {
      type: 'captain_penalty',
      amount: 4.25,
      note: 'Refused a ride',
    });
    expect(penalty.statusCode).toBe(200);
    expect(penalty.json().message).toBe(LEDGER_MSG.entryAdded);
    const entry = penalty.json().data;
    expect(entry).toMatchObject({ type: 'captain_penalty', amount: -425, note: 'Refused a ride' });
    expect(entry.actor.name).toMatch(/\S/);
    await call('POST', `captain/${captainId}/account/entries`, admin, {
      type: 'captain_bonus',
      amount: 10,
      note: 'Good month',
    });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.entry'), eq(auditLog.entityId, String(captainId))));
    expect(audit).toMatchObject({
      entity: 'captain',
      after: { entry_id: entry.id, amount: -425, type: 'captain_penalty' },
    });

    const account = (await call('GET', `captain/${captainId}/account`, admin)).json().data;
    expect(account.balance).toBe(1350 - 425 + 1000);
    expect(account.balance).toBe(await sumOf('captain', captainId));
    expect(account.entries.total).toBe(3);

    const penalties = (await call('GET', `captain/${captainId}/account?type=captain_penalty`, admin)).json().data;
    expect(penalties.entries.data.map((e: { type: string }) => e.type)).toEqual(['captain_penalty']);
    // the filter pages the entries; the balance is the whole account's
    expect(penalties.balance).toBe(account.balance);
  });
});
