import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, auditLog, captains, rides } from '../src/db/schema';
import { makeBooking } from './factories';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let dispatcher: string;
let airport: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dispatcher, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'airport@example.com',
  );
}, 60_000);
afterAll(() => t.close());

describe('contract templates and their levels', () => {
  it('the level picker loads 50 levels with their template name (people.md §3); only SETTINGS writes', async () => {
    expect((await call('GET', 'contract_template/level?perPage=50', null)).statusCode).toBe(401);
    expect((await call('GET', 'contract_template/level?perPage=50', airport)).statusCode).toBe(403);
    const list = await call('GET', 'contract_template/level?perPage=50', dispatcher);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.data as { name: string; contract_template: { name: string } }[];
    expect(rows.map((r) => r.name).sort()).toEqual(['Bronze', 'Gold', 'Silver']);
    expect(rows[0].contract_template.name).toBe('Standard captain contract');
    expect((await call('POST', 'contract_template/level', dispatcher, { name: 'Platinum' })).statusCode).toBe(403);
    expect((await call('GET', 'contract_template', dispatcher)).statusCode).toBe(403);
  });

  it('422 with field errors: a commission outside 0–100, an unknown template, a duplicate name', async () => {
    const bad = await call('POST', 'contract_template/level', admin, {
      name: 'Gold',
      contract_template_id: 1,
      commission_percent: 120,
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(expect.arrayContaining(['commission_percent']));
    const unknown = await call('POST', 'contract_template/level', admin, {
      name: 'Platinum',
      contract_template_id: 999,
      commission_percent: 15,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.contract_template_id).toBeDefined();
    const dup = await call('POST', 'contract_template/level', admin, {
      name: 'gold',
      contract_template_id: 1,
      commission_percent: 15,
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();
  });

  it('a new template and level; a template its levels use cannot be deleted', async () => {
    const template = await call('POST', 'contract_template', admin, {
      name: 'Airport contract',
      body: 'Airport rides.',
    });
    expect(template.statusCode).toBe(200);
    const id = template.json().data.id as number;
    const level = await call('POST', 'contract_template/level', admin, {
      name: 'Airport',
      contract_template_id: id,
      commission_percent: 12.5,
    });
    expect(level.statusCode).toBe(200);
    expect(level.json().data).toMatchObject({
      commission_percent: 12.5,
      contract_template: { name: 'Airport contract' },
    });
    const refused = await call('DELETE', `contract_template/${id}`, admin);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await call('DELETE', `contract_template/level/${level.json().data.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `contract_template/${id}`, admin)).statusCode).toBe(200);
  });
});

describe("a captain's contract level", () => {
  it('is read on the captain page, changed by staff (audited), and its commission comes off the ride entry', async () => {
    const [captain] = await t.db
      .insert(captains)
      .values({ firstName: 'Lia', lastName: 'Level', active: true })
      .returning();
    expect((await call('GET', `captain/${captain.id}/contract`, dispatcher)).json().data).toEqual({
      level: null,
      signed_at: null,
    });
    const levels = (await call('GET', 'contract_template/level?perPage=50', dispatcher)).json().data.data as {
      id: number;
      name: string;
    }[];
    const silver = levels.find((l) => l.name === 'Silver');
    expect(
      (await call('PUT', `captain/${captain.id}/contract`, airport, { contract_level_id: silver?.id })).statusCode,
    ).toBe(403);
    const unknown = await call('PUT', `captain/${captain.id}/contract`, dispatcher, { contract_level_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.contract_level_id).toBeDefined();
    const set = await call('PUT', `captain/${captain.id}/contract`, dispatcher, { contract_level_id: silver?.id });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.level).toMatchObject({ name: 'Silver', commission_percent: 20 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'captain_contract'), eq(auditLog.entityId, String(captain.id))));
    expect(audit.after).toEqual({ level_id: silver?.id });

    // A 25.00 € ride with a 2.00 € tip: the passenger pays 27.00, the captain earns 25 − 20 % + 2 = 22.00.
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    const booking = await makeBooking(t.db, { rideId: ride.id, status: 'DONE' });
    await t.app.bookings.pay(captain.id, booking.id, 25, 2);
    const entries = await t.db.select().from(accountEntries).where(eq(accountEntries.bookingId, booking.id));
    expect(entries.find((e) => e.ownerKind === 'captain')?.amount).toBe(2200);
    expect(entries.find((e) => e.ownerKind === 'passenger')?.amount).toBe(-2700);

    // Without a contract the whole fare is the captain's.
    expect(
      (await call('PUT', `captain/${captain.id}/contract`, dispatcher, { contract_level_id: null })).statusCode,
    ).toBe(200);
    const [ride2] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    const booking2 = await makeBooking(t.db, { rideId: ride2.id, status: 'DONE' });
    await t.app.bookings.pay(captain.id, booking2.id, 25, 0);
    const [entry2] = await t.db
      .select()
      .from(accountEntries)
      .where(and(eq(accountEntries.bookingId, booking2.id), eq(accountEntries.ownerKind, 'captain')));
    expect(entry2.amount).toBe(2500);
  });
});
