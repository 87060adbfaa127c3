import { LEDGER_MSG } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, auditLog, cashRegisters, rides } from '../src/db/schema';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let supervisor: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, supervisor] = await loginAll(t.app, 'admin@example.com', 'supervisor@example.com');
}, 60_000);
afterAll(() => t.close());

describe('paying a captain out at the cash register (POST captain/{id}/account/payout)', () => {
  it('writes a closing payment of the whole balance, once, at the register the captain was activated with', async () => {
    const [register] = await t.db.select().from(cashRegisters).limit(1);
    const { captain } = await makeCaptain(t.db, { cashRegisterId: register.id });
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    const booking = await makeBooking(t.db, { rideId: ride.id, status: 'DONE' });
    await t.app.bookings.pay(captain.id, booking.id, 18.5, 0);
    const before = (await call('GET', `captain/${captain.id}/account`, admin)).json().data.balance as number;
    expect(before).toBeGreaterThan(0);

    expect((await call('POST', `captain/${captain.id}/account/payout`, supervisor)).statusCode).toBe(403);
    const paid = await call('POST', `captain/${captain.id}/account/payout`, admin);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ type: 'closing_payment', amount: -before });
    expect(paid.json().data.note).toContain(register.name);
    expect((await call('GET', `captain/${captain.id}/account`, admin)).json().data.balance).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.payout'), eq(auditLog.entityId, String(captain.id))));
    expect(audit.before).toEqual({ balance: before });

    // Nothing left: a second click is refused, and no second entry is written.
    const again = await call('POST', `captain/${captain.id}/account/payout`, admin);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.captain_id).toEqual([LEDGER_MSG.nothingToPayOut]);
    const closings = await t.db
      .select()
      .from(accountEntries)
      .where(and(eq(accountEntries.ownerId, captain.id), eq(accountEntries.type, 'closing_payment')));
    expect(closings).toHaveLength(1);
  });

  it('refuses a captain without a cash register, and an unknown captain', async () => {
    const { captain } = await makeCaptain(t.db, { cashRegisterId: null });
    const res = await call('POST', `captain/${captain.id}/account/payout`, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.captain_id).toEqual([LEDGER_MSG.noCashRegister]);
    expect((await call('POST', 'captain/999999/account/payout', admin)).statusCode).toBe(404);
  });
});
