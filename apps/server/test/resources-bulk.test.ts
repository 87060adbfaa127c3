import { BULK_MAX_IDS, PEOPLE_MSG, RESOURCE_MSG } from '@taxi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, captains, cars, cashRegisters, colors, stations, users } from '../src/db/schema';
import { parseCsv } from './csv-parse';
import { makeCaptain } from './factories';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let supervisor: string;
let dispatcher: string;
let government: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, supervisor, dispatcher, government] = await Promise.all(
    ['admin@example.com', 'supervisor@example.com', 'dispatcher@example.com', 'gov@example.com'].map((e) =>
      login(t.app, e),
    ),
  );
});
afterAll(() => t.close());

const bulk = (url: string, token: string, body: unknown, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/${url}/bulk`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: body as object,
  });

async function makeColors(...names: string[]): Promise<number[]> {
  const rows = await t.db
    .insert(colors)
    .values(names.map((name) => ({ name, hex: '#123456' })))
    .returning({ id: colors.id });
  return rows.map((r) => r.id);
}

const colorIds = async (ids: number[]) =>
  (await t.db.select({ id: colors.id }).from(colors).where(inArray(colors.id, ids))).map((r) => r.id).sort();

describe('POST {url}/bulk: one action on the selected rows', () => {
  it('deletes every row through the single delete, with an audit row each', async () => {
    const ids = await makeColors('Bulk A', 'Bulk B', 'Bulk C');
    const res = await bulk('colors', admin, { action: 'delete', ids });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      results: ids.map((id) => ({ id, status: 'done' })),
      done: 3,
      refused: 0,
    });
    expect(res.json().message).toBe(RESOURCE_MSG.bulkDone(3, 3));
    expect(await colorIds(ids)).toEqual([]);
    const audits = await t.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'colors.delete'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits.map((a) => Number(a.entityId)).sort()).toEqual([...ids].sort());
  });

  it('403 for a role the single delete refuses, and nothing is deleted', async () => {
    const ids = await makeColors('Kept A', 'Kept B', 'Kept C');
    for (const token of [supervisor, dispatcher]) {
      const res = await bulk('colors', token, { action: 'delete', ids });
      expect(res.statusCode).toBe(403);
      // The single delete of one of them is refused alike.
      const one = await t.app.inject({ method: 'DELETE', url: `/api/colors/${ids[0]}`, headers: bearer(token) });
      expect(one.statusCode).toBe(403);
    }
    expect(await colorIds(ids)).toEqual([...ids].sort());
    expect((await t.app.inject({ method: 'POST', url: '/api/colors/bulk', payload: {} })).statusCode).toBe(401);
  });

  it('reports a row the rules keep (in use, gone) with its message; the others go', async () => {
    const [used, free1, free2] = await makeColors('In use', 'Free 1', 'Free 2');
    await t.db.insert(cars).values({ number: 'BULK-1', colorId: used });
    const missing = 2_000_000_000;
    const res = await bulk('colors', admin, { action: 'delete', ids: [free1, used, missing, free2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      results: [
        { id: free1, status: 'done' },
        { id: used, status: 'refused', message: RESOURCE_MSG.inUse },
        { id: missing, status: 'refused', message: RESOURCE_MSG.notFound },
        { id: free2, status: 'done' },
      ],
      done: 2,
      refused: 2,
    });
    expect(await colorIds([used, free1, free2])).toEqual([used]);
  });

  it("answers the rows' refusals in the caller's language", async () => {
    const [used] = await makeColors('Utilisée');
    await t.db.insert(cars).values({ number: 'BULK-2', colorId: used });
    const res = await bulk('colors', admin, { action: 'delete', ids: [used] }, 'fr');
    const message = res.json().data.results[0].message as string;
    expect(message).not.toBe(RESOURCE_MSG.inUse);
    expect(message.length).toBeGreaterThan(0);
  });

  it('activates and deactivates through the edit of the active flag, under its own rule', async () => {
    const rows = await t.db
      .insert(stations)
      .values([
        { name: 'Bulk rank 1', lon: 7.42, lat: 43.73, radiusM: 60, active: true },
        { name: 'Bulk rank 2', lon: 7.421, lat: 43.731, radiusM: 60, active: true },
      ])
      .returning({ id: stations.id });
    const ids = rows.map((r) => r.id);
    const active = async () =>
      (await t.db.select({ active: stations.active }).from(stations).where(inArray(stations.id, ids))).map(
        (r) => r.active,
      );
    // LOCATIONS: the supervisor writes stations (not colours).
    const off = await bulk('stations', supervisor, { action: 'deactivate', ids });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.done).toBe(2);
    expect(await active()).toEqual([false, false]);
    const audits = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stations.update'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => (a.after as { active: boolean }).active === false)).toBe(true);
    const on = await bulk('stations', supervisor, { action: 'activate', ids });
    expect(on.json().data.done).toBe(2);
    expect(await active()).toEqual([true, true]);
    expect((await bulk('stations', dispatcher, { action: 'deactivate', ids })).statusCode).toBe(403);
    expect(await active()).toEqual([true, true]);
  });

  it('422 with field errors for a bad body, never a 500', async () => {
    const [id] = await makeColors('Untouched');
    const cases: [unknown, string, string][] = [
      [{ action: 'delete', ids: [] }, 'ids', RESOURCE_MSG.bulkIdsRequired],
      [
        { action: 'delete', ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1) },
        'ids',
        RESOURCE_MSG.bulkTooMany(BULK_MAX_IDS),
      ],
      [{ action: 'delete', ids: ['x'] }, 'ids.0', RESOURCE_MSG.invalidBulkId],
      [{ action: 'delete', ids: [1.5] }, 'ids.0', RESOURCE_MSG.invalidBulkId],
      [{ action: 'delete', ids: [String(id)] }, 'ids.0', RESOURCE_MSG.invalidBulkId],
      [{ action: 'delete', ids: [0] }, 'ids.0', RESOURCE_MSG.invalidBulkId],
      [{ action: 'delete', ids: [3_000_000_000] }, 'ids.0', RESOURCE_MSG.invalidBulkId],
      [{ action: 'delete' }, 'ids', RESOURCE_MSG.bulkIdsRequired],
      [{ action: 'explode', ids: [id] }, 'action', RESOURCE_MSG.invalidBulkAction],
      // Colours have no active flag: nothing to activate.
      [{ action: 'activate', ids: [id] }, 'action', RESOURCE_MSG.noActiveFlag],
    ];
    for (const [body, field, message] of cases) {
      const res = await bulk('colors', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json())).toEqual([message]);
    }
    expect(await colorIds([id])).toEqual([id]);
  });

  it('counts a repeated id once', async () => {
    const [id] = await makeColors('Twice');
    const res = await bulk('colors', admin, { action: 'delete', ids: [id, id] });
    expect(res.json().data).toEqual({ results: [{ id, status: 'done' }], done: 1, refused: 0 });
  });
});

describe('export.csv?ids=: the selection as CSV', () => {
  it('holds exactly the selected rows of the filter; a bad list is 422', async () => {
    const ids = await makeColors('Sel 1', 'Sel 2', 'Sel 3');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/colors/export.csv?ids=${ids[2]},${ids[0]}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header[0]).toBe('id');
    expect(rows.map((r) => Number(r[0]))).toEqual([ids[0], ids[2]]);
    expect(rows.map((r) => r[1])).toEqual(['Sel 1', 'Sel 3']);
    for (const bad of ['abc', '1,,2', '-1', '']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/colors/export.csv?ids=${bad}`, headers: bearer(admin) });
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().errors.ids).toBeDefined();
    }
  });
});

describe('POST captain/bulk: the selected drivers activated with one cash register', () => {
  it('activates each through the single activation; an unknown driver is refused, a role without it gets 403', async () => {
    const [register] = await t.db.insert(cashRegisters).values({ name: 'Bulk desk' }).returning();
    const a = (await makeCaptain(t.db, { active: false }, null)).captain;
    const b = (await makeCaptain(t.db, { active: false }, null)).captain;
    const state = async () =>
      (
        await t.db
          .select({ active: captains.active, register: captains.cashRegisterId })
          .from(captains)
          .where(inArray(captains.id, [a.id, b.id]))
          .orderBy(captains.id)
      ).map((c) => [c.active, c.register]);

    const refused = await bulk('captain', government, {
      action: 'activate',
      ids: [a.id],
      cash_register_id: register.id,
    });
    expect(refused.statusCode).toBe(403);
    const unknownRegister = await bulk('captain', dispatcher, {
      action: 'activate',
      ids: [a.id, b.id],
      cash_register_id: 2_000_000_000,
    });
    expect(unknownRegister.statusCode).toBe(422);
    expect(unknownRegister.json().errors.cash_register_id).toEqual([PEOPLE_MSG.chooseCashRegister]);
    const noRegister = await bulk('captain', dispatcher, { action: 'activate', ids: [a.id] });
    expect(noRegister.statusCode).toBe(422);
    expect(noRegister.json().errors.cash_register_id).toEqual([PEOPLE_MSG.chooseCashRegister]);
    expect(
      (await bulk('captain', dispatcher, { action: 'delete', ids: [a.id], cash_register_id: register.id })).statusCode,
    ).toBe(422);
    expect(
      (await bulk('captain', dispatcher, { action: 'activate', ids: [], cash_register_id: register.id })).statusCode,
    ).toBe(422);
    expect(await state()).toEqual([
      [false, null],
      [false, null],
    ]);

    const missing = 2_000_000_000;
    const res = await bulk('captain', dispatcher, {
      action: 'activate',
      ids: [a.id, missing, b.id],
      cash_register_id: register.id,
    });
    expect(res.statusCode).toBe(200);
    const { results, done, refused: count } = res.json().data;
    expect([done, count]).toEqual([2, 1]);
    expect(results.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [a.id, 'done'],
      [missing, 'refused'],
      [b.id, 'done'],
    ]);
    expect(results[1].message).toBeTruthy();
    expect(await state()).toEqual([
      [true, register.id],
      [true, register.id],
    ]);
    const audits = await t.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'captain.activate'), inArray(auditLog.entityId, [String(a.id), String(b.id)])));
    expect(audits).toHaveLength(2);
  });
});

describe('POST user/bulk: staff accounts through the staff policy, row by row', () => {
  it("deactivates what the caller may change and refuses, with the policy's message, an account beyond them", async () => {
    const [plain] = await t.db
      .insert(users)
      .values({
        firstName: 'Bulk',
        lastName: 'Clerk',
        email: `bulk.clerk.${Date.now()}@example.com`,
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    const activeOf = async (id: number) =>
      (await t.db.select({ active: users.active }).from(users).where(eq(users.id, id)))[0].active;

    const res = await bulk('user', supervisor, { action: 'deactivate', ids: [adminRow.id, plain.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results).toEqual([
      { id: adminRow.id, status: 'refused', message: RESOURCE_MSG.cannotEditUser },
      { id: plain.id, status: 'done' },
    ]);
    expect(await activeOf(adminRow.id)).toBe(true);
    expect(await activeOf(plain.id)).toBe(false);
    const back = await bulk('user', supervisor, { action: 'activate', ids: [plain.id] });
    expect(back.json().data.done).toBe(1);
    expect(await activeOf(plain.id)).toBe(true);
  });
});
