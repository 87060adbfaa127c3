/**
 * Finding 2: a holder of USERS (the demo Supervisor) could give its own role every permission, make an
 * all-permission role, and reset, re-address or deactivate the Admin. The staff policy forbids it.
 */
import { ADMIN_ROLE_ID, PERMISSIONS, RESOURCE_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, users } from '../../src/db/schema';
import { bearer, buildTestApp, login, multipart, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let supervisor: string;
let allIds: number[];
const SUPERVISOR_ROLE = 5;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const idOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const permissionIds = async (names: readonly string[]) =>
  (await t.db.select().from(permissions)).filter((p) => names.includes(p.name)).map((p) => p.id);
const roleSize = async (roleId: number) =>
  (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).length;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@example.com');
  supervisor = await login(t.app, 'supervisor@example.com');
  allIds = await permissionIds(PERMISSIONS);
});
afterAll(() => t.close());

describe('nobody grants a permission they do not hold', () => {
  it('the Supervisor cannot give its own role every permission (JSON and _method form)', async () => {
    const before = await roleSize(SUPERVISOR_ROLE);
    const res = await call('PUT', `roles/${SUPERVISOR_ROLE}`, supervisor, { permissions: allIds });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions).toEqual([RESOURCE_MSG.cannotGrant]);
    const fields: Record<string, string> = { _method: 'PUT' };
    allIds.forEach((id, i) => {
      fields[`permissions[${i}]`] = String(id);
    });
    const form = multipart(fields);
    const twin = await t.app.inject({
      method: 'POST',
      url: `/api/roles/${SUPERVISOR_ROLE}`,
      headers: { ...bearer(supervisor), ...form.headers },
      payload: form.payload,
    });
    expect(twin.statusCode).toBe(422);
    expect(await roleSize(SUPERVISOR_ROLE)).toBe(before);
  });

  it('the Supervisor cannot create an all-permission role, but may create one within its own', async () => {
    const all = await call('POST', 'roles', supervisor, { name: 'Everything', permissions: allIds });
    expect(all.statusCode).toBe(422);
    const mine = await call('POST', 'roles', supervisor, {
      name: 'Night desk',
      permissions: await permissionIds(['DISPATCHING', 'PHONE_BOOKING']),
    });
    expect(mine.statusCode).toBe(200);
  });

  it('the Supervisor cannot assign a role that grants what it lacks, nor edit that role', async () => {
    const made = await call('POST', 'roles', admin, {
      name: 'Catalogue keeper',
      permissions: await permissionIds(['TYPES', 'PRICE_RULES']),
    });
    expect(made.statusCode).toBe(200);
    const roleId = made.json().data.id as number;
    const created = await call('POST', 'user', supervisor, {
      first_name: 'Eve',
      last_name: 'Escalator',
      email: 'eve@example.com',
      password: 'Demo#2026',
      roles: [roleId],
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.roles).toEqual([RESOURCE_MSG.cannotGrant]);
    const edit = await call('PUT', `roles/${roleId}`, supervisor, { name: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    expect((await call('DELETE', `roles/${roleId}`, supervisor)).statusCode).toBe(403);
  });
});

describe('nobody changes a user whose permissions exceed their own', () => {
  it('the Supervisor cannot reset, re-address, deactivate or delete the Admin', async () => {
    const adminId = await idOf('admin@example.com');
    for (const body of [{ password: 'Owned#2026x' }, { email: 'mine@example.com' }, { active: false }]) {
      const res = await call('PUT', `user/${adminId}`, supervisor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe(RESOURCE_MSG.cannotEditUser);
    }
    expect((await call('DELETE', `user/${adminId}`, supervisor)).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect([row.email, row.active]).toEqual(['admin@example.com', true]);
    await login(t.app, 'admin@example.com'); // the password still works
  });

  it('the Supervisor may still manage a Dispatcher (whose permissions it holds)', async () => {
    const dispatcherId = await idOf('dispatcher@example.com');
    const res = await call('PUT', `user/${dispatcherId}`, supervisor, { first_name: 'Dario' });
    expect(res.statusCode).toBe(200);
  });

  it('nobody changes their own role, not even to a smaller one', async () => {
    const me = await idOf('supervisor@example.com');
    const res = await call('PUT', `user/${me}`, supervisor, { roles: [2] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(RESOURCE_MSG.cannotChangeOwnRole);
    // Saving the same roles back (the edit form sends them) is not a change.
    expect(
      (await call('PUT', `user/${me}`, supervisor, { roles: [SUPERVISOR_ROLE], first_name: 'Sofia' })).statusCode,
    ).toBe(200);
  });

  it('role 1 is never assigned here and its role is changed by nobody through the table', async () => {
    const res = await call('POST', 'user', admin, {
      first_name: 'Second',
      last_name: 'Admin',
      email: 'second.admin@example.com',
      password: 'Demo#2026',
      roles: [ADMIN_ROLE_ID],
    });
    expect(res.statusCode).toBe(422);
    expect((await call('PUT', `roles/${ADMIN_ROLE_ID}`, supervisor, { name: 'Mine' })).statusCode).toBe(403);
  });
});
