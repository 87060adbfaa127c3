import { isValidIban, LEDGER_MSG } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, auditLog, banks, captains, cashRegisters, rides } from '../src/db/schema';
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

describe('paying a captain out by bank transfer (/banks, PUT captain/{id}/bank_account)', () => {
  // A valid IBAN (ISO 13616 example) and the same with a wrong check digit.
  const IBAN = 'FR14 2004 1010 0505 0001 3M02 606';
  const BAD_IBAN = 'FR15 2004 1010 0505 0001 3M02 606';

  it('needs a bank of /banks and a valid IBAN; the account shows it masked; the transfer names the bank', async () => {
    const [bank] = await t.db.select().from(banks).limit(1);
    const { captain } = await makeCaptain(t.db, { cashRegisterId: null });
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    const booking = await makeBooking(t.db, { rideId: ride.id, status: 'DONE' });
    await t.app.bookings.pay(captain.id, booking.id, 30, 0);

    // No account on file yet: a transfer is refused, as is cash without a register.
    const early = await call('POST', `captain/${captain.id}/account/payout`, admin, { method: 'transfer' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.method).toEqual([LEDGER_MSG.needsBankAccount]);

    const url = `captain/${captain.id}/bank_account`;
    expect((await call('PUT', url, supervisor, { bank_id: bank.id, iban: IBAN })).statusCode).toBe(403);
    const bad = await call('PUT', url, admin, { bank_id: 999999, iban: BAD_IBAN });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.iban).toEqual([LEDGER_MSG.invalidIban]);
    const unknownBank = await call('PUT', url, admin, { bank_id: 999999, iban: IBAN });
    expect(unknownBank.json().errors.bank_id).toEqual([LEDGER_MSG.unknownBank]);
    const saved = await call('PUT', url, admin, { bank_id: bank.id, iban: IBAN });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.payout).toEqual({
      cash_register: null,
      bank_account: { bank_id: bank.id, bank_name: bank.name, iban: 'FR ···· 2606' },
    });
    const [row] = await t.db.select({ iban: captains.iban }).from(captains).where(eq(captains.id, captain.id));
    expect(row.iban).toBe('FR1420041010050500013M02606');

    const paid = await call('POST', `captain/${captain.id}/account/payout`, admin, { method: 'transfer' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      type: 'closing_payment',
      note: LEDGER_MSG.paidByTransferNote(bank.name, 'FR ···· 2606'),
    });
    expect((await call('GET', `captain/${captain.id}/account`, admin)).json().data.balance).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.bank'), eq(auditLog.entityId, String(captain.id))));
    // The full IBAN is never written to the log.
    expect(JSON.stringify(audit.after)).not.toContain('3M02606');
  });

  it('validates IBANs by their check digits', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('not an iban')).toBe(false);
  });
});
