/**
 * Finding 2: a holder of USERS (the demo Supervisor) could give its own role every permission, make an
 * all-permission role, and reset, re-address or deactivate the Admin. The staff policy forbids it.
 *
 * Finding 3: the same Supervisor, without ACCOMMODATION, could not list the hotel users yet reset a hotel
 * desk's password and e-mail through the staff table (then sign in as the hotel), and promote an airport agent
 * (role 11) to airport supervisor (role 12): partner and airport roles grant no permission, so "holds every
 * permission of the user's roles" let anyone with USERS change them. A desk account, and a desk role, now need
 * ACCOMMODATION on every path that writes users.
 */
import { ADMIN_ROLE_ID, PERMISSIONS, RESOURCE_MSG } from '@taxi/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, userRoles, users } from '../../src/db/schema';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { bearer, buildTestApp, login, loginBody, multipart, type TestApp } from '../helpers';

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
const rolesOf = async (userId: number) =>
  (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.position))).map(
    (r) => r.roleId,
  );
const accountOf = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return { email: row.email, active: row.active, passwordHash: row.passwordHash, roles: await rolesOf(id) };
};
/** The first step of the sign-in with this password: 200 when e-mail and password still match. */
const sendsCode = async (email: string, password = DEMO_PASSWORD) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      payload: loginBody(email, { password }),
    })
  ).statusCode;
/** A new role with these permissions and one user holding it (DEMO_PASSWORD), signed in. */
async function staffWith(name: string, email: string, granted: readonly string[]): Promise<string> {
  const role = await call('POST', 'roles', admin, { name, permissions: await permissionIds(granted) });
  expect(role.statusCode, role.body).toBe(200);
  const user = await call('POST', 'user', admin, {
    first_name: name,
    last_name: 'Tester',
    email,
    password: DEMO_PASSWORD,
    roles: [role.json().data.id],
  });
  expect(user.statusCode, user.body).toBe(200);
  return login(t.app, email);
}
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

describe('a desk account (hotel, restaurant, company, airport) needs ACCOMMODATION on every path', () => {
  it('the Supervisor cannot reset, re-address, deactivate, re-role, sign out or delete a hotel desk', async () => {
    expect((await call('GET', 'hotel_users', supervisor)).statusCode).toBe(403);
    const hotelId = await idOf('hotel@example.com');
    const before = await accountOf(hotelId);
    expect(before.roles).toEqual([21]);
    const bodies = [
      { password: 'Owned#2026x' },
      { email: 'mine@example.com' },
      { active: false },
      { roles: [2] },
      { password: 'Owned#2026x', email: 'mine@example.com', active: false, roles: [21] },
    ];
    for (const body of bodies) {
      const res = await call('PUT', `user/${hotelId}`, supervisor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe(RESOURCE_MSG.cannotEditUser);
    }
    // The multipart twin (the console's own form) is refused alike.
    const form = multipart({ _method: 'PUT', password: 'Owned#2026x', email: 'mine@example.com' });
    const twin = await t.app.inject({
      method: 'POST',
      url: `/api/user/${hotelId}`,
      headers: { ...bearer(supervisor), ...form.headers },
      payload: form.payload,
    });
    expect(twin.statusCode).toBe(403);
    expect((await call('DELETE', `user/${hotelId}/sessions`, supervisor)).statusCode).toBe(403);
    expect((await call('DELETE', `user/${hotelId}`, supervisor)).statusCode).toBe(403);
    expect(await accountOf(hotelId)).toEqual(before);
    // The hotel still signs in with its old password, and the new one opens nothing.
    expect(await sendsCode('hotel@example.com')).toBe(200);
    expect(await sendsCode('hotel@example.com', 'Owned#2026x')).not.toBe(200);
    const hotel = await login(t.app, 'hotel@example.com');
    expect((await call('GET', 'check_auth', hotel)).statusCode).toBe(200);
  });

  it('the Supervisor cannot promote an airport agent to airport supervisor, nor make anyone a desk', async () => {
    const agentId = await idOf('airport@example.com');
    const res = await call('PUT', `user/${agentId}`, supervisor, { roles: [12] });
    expect(res.statusCode).toBe(403);
    expect(await rolesOf(agentId)).toEqual([11]);
    for (const body of [{ first_name: 'Arnold' }, { password: 'Owned#2026x' }, { active: false }]) {
      expect((await call('PUT', `user/${agentId}`, supervisor, body)).statusCode, JSON.stringify(body)).toBe(403);
    }
    // A staff member it may manage does not become a desk account at its hands (roles 11, 12, 21-23).
    const dispatcherId = await idOf('dispatcher@example.com');
    for (const roleId of [11, 12, 21, 22, 23]) {
      const moved = await call('PUT', `user/${dispatcherId}`, supervisor, { roles: [roleId] });
      expect(moved.statusCode, String(roleId)).toBe(422);
      expect(moved.json().errors.roles).toEqual([RESOURCE_MSG.cannotGrant]);
    }
    expect(await rolesOf(dispatcherId)).toEqual([2]);
    const made = await call('POST', 'user', supervisor, {
      first_name: 'Desk',
      last_name: 'Forger',
      email: 'forged.desk@example.com',
      password: DEMO_PASSWORD,
      roles: [12],
    });
    expect(made.statusCode).toBe(422);
    expect(made.json().errors.roles).toEqual([RESOURCE_MSG.cannotGrant]);
  });

  it('the Admin may change desk accounts through the staff table', async () => {
    const hotelId = await idOf('hotel2@example.com');
    const renamed = await call('PUT', `user/${hotelId}`, admin, { first_name: 'Hugues', active: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.user_kind).toBe('partner');
    const agentId = await idOf('airport.azur@example.com');
    const promoted = await call('PUT', `user/${agentId}`, admin, { roles: [12] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await rolesOf(agentId)).toEqual([12]);
    expect((await call('PUT', `user/${agentId}`, admin, { roles: [11] })).statusCode).toBe(200);
  });

  it('a role holding USERS and ACCOMMODATION reaches the desks, and still no staff beyond its permissions', async () => {
    const keeper = await staffWith('Desk keeper', 'desk.keeper@example.com', ['USERS', 'ACCOMMODATION']);
    const restaurantId = await idOf('restaurant@example.com');
    const viaStaff = await call('PUT', `user/${restaurantId}`, keeper, { password: 'Kitchen#2026x' });
    expect(viaStaff.statusCode, viaStaff.body).toBe(200);
    expect(await sendsCode('restaurant@example.com', 'Kitchen#2026x')).toBe(200);
    const viaDesk = await call('PUT', `restaurant_users/${restaurantId}`, keeper, { last_name: 'Restaurateur' });
    expect(viaDesk.statusCode, viaDesk.body).toBe(200);
    const agentId = await idOf('airport.azur@example.com');
    expect((await call('PUT', `airport_agency_users/${agentId}`, keeper, { role_id: 12 })).statusCode).toBe(200);
    expect((await call('PUT', `user/${agentId}`, keeper, { roles: [11] })).statusCode).toBe(200);
    // The dispatcher's role grants what the keeper lacks.
    const dispatcherId = await idOf('dispatcher@example.com');
    expect((await call('PUT', `user/${dispatcherId}`, keeper, { password: 'Owned#2026x' })).statusCode).toBe(403);
  });

  it('ACCOMMODATION alone keeps the desks, not a desk account given a role that grants more', async () => {
    const partnerManager = await staffWith('Partner manager', 'partner.manager@example.com', ['ACCOMMODATION']);
    const companyId = await idOf('company@example.com');
    expect(
      (await call('PUT', `company_users/${companyId}`, partnerManager, { first_name: 'Camilla' })).statusCode,
    ).toBe(200);
    // The Admin gives the company's account a Dispatcher role as well: its permissions now exceed the manager's.
    expect((await call('PUT', `user/${companyId}`, admin, { roles: [23, 2] })).statusCode).toBe(200);
    const list = (await call('GET', 'company_users?perPage=100', partnerManager)).json().data.data as {
      id: number;
      permission_names: string[];
    }[];
    expect(list.find((r) => r.id === companyId)?.permission_names).toContain('DISPATCHING');
    for (const body of [{ password: 'Owned#2026x' }, { email: 'mine@example.com' }, { active: false }]) {
      const res = await call('PUT', `company_users/${companyId}`, partnerManager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await call('DELETE', `company_users/${companyId}`, partnerManager)).statusCode).toBe(403);
    expect(await sendsCode('company@example.com')).toBe(200);
    expect((await call('PUT', `user/${companyId}`, admin, { roles: [23] })).statusCode).toBe(200);
  });
});
