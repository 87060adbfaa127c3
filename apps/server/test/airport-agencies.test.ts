import { AIRPORT_MSG, MAP_CENTER, RESOURCE_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { airportDetails, rolePermissions, roles, userRoles, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed';
import { grant } from '../src/db/seed/base';
import { hashPassword, verifyPassword } from '../src/lib/password';
import { apiCaller, login, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let supervisor: string; // role 5: USERS, SETTINGS… but not ACCOMMODATION
let dispatcher: string;
let riviera: string; // role 11 of the demo agency Riviera Air Travel

beforeAll(async () => {
  [admin, supervisor, dispatcher, riviera] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
    'airport@example.com',
  );
});

const request = (phone: string) => ({
  agent: 'Desk 1',
  first_name: 'Grace',
  last_name: 'Kelly',
  phone_number: phone,
  riders: 2,
  bags: 1,
  country: 'NCE',
  service_id: 2,
  pickup: { name: 'Terminal 1', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
  dropoff: { name: 'Casino Square', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
  now: true,
});

const deskUser = (agencyId: number, over: Record<string, unknown> = {}) => ({
  first_name: 'Lina',
  last_name: 'Lerins',
  email: `desk.${Math.random().toString(36).slice(2, 8)}@lerins.example.com`,
  password: DEMO_PASSWORD,
  airport_agency_id: agencyId,
  role_id: 11,
  ...over,
});

const ids = (res: { json(): { data: { data: { id: number }[] } } }) => res.json().data.data.map((r) => r.id);
const newAgency = async (name: string): Promise<number> => {
  const res = await call('POST', 'airport_agencies', admin, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
};

describe('airport agencies and their desks (ACCOMMODATION)', () => {
  it('401 without a token, 403 without ACCOMMODATION (and for the desks themselves)', async () => {
    for (const url of ['airport_agencies', 'airport_agency_users']) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      for (const token of [supervisor, dispatcher, riviera]) {
        expect((await call('GET', url, token)).statusCode, url).toBe(403);
        expect((await call('POST', url, token, { name: 'Nope' })).statusCode, url).toBe(403);
      }
    }
    expect((await call('DELETE', 'airport_agencies/1', supervisor)).statusCode).toBe(403);
    expect((await call('PUT', 'airport_agency_users/1', dispatcher, { active: false })).statusCode).toBe(403);
  });

  it('422 with field errors, never a 500', async () => {
    const blank = await call('POST', 'airport_agencies', admin, { name: '  ', active: 'maybe' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(expect.arrayContaining(['name', 'active']));
    const taken = await call('POST', 'airport_agencies', admin, { name: 'riviera air travel' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('name');
    expect((await call('POST', 'airport_agencies', admin, { name: { $ne: 1 } })).statusCode).toBe(422);
    expect((await call('POST', 'airport_agencies', admin, ['not', 'an', 'object'])).statusCode).toBe(422);

    const empty = await call('POST', 'airport_agency_users', admin, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'password', 'airport_agency_id', 'role_id']),
    );
    const bad = await call('POST', 'airport_agency_users', admin, {
      ...deskUser(1),
      email: 'no-at-sign',
      password: 'short',
      role_id: 1,
      airport_agency_id: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['email', 'password', 'role_id', 'airport_agency_id']),
    );
    const noAgency = await call('POST', 'airport_agency_users', admin, deskUser(999_999));
    expect(noAgency.statusCode).toBe(422);
    expect(noAgency.json().errors.airport_agency_id).toEqual([RESOURCE_MSG.invalidReference]);
    const huge = await call('POST', 'airport_agency_users', admin, deskUser(99_999_999_999));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.airport_agency_id).toEqual([RESOURCE_MSG.invalidReference]);
    const dup = await call('POST', 'airport_agency_users', admin, deskUser(1, { email: 'AIRPORT@example.com' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toHaveProperty('email');
  });

  it("an agency and its agent: the agent signs in to the desk and files a request that is the agency's", async () => {
    const made = await call('POST', 'airport_agencies', admin, { name: 'Lérins Air Services' });
    expect(made.statusCode).toBe(200);
    const agency = made.json().data;
    expect(agency).toMatchObject({ name: 'Lérins Air Services', active: true, users_count: 0, requests_count: 0 });

    const input = deskUser(agency.id, { email: 'lina@lerins.example.com' });
    const user = await call('POST', 'airport_agency_users', admin, input);
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json().data).toMatchObject({
      email: 'lina@lerins.example.com',
      airport_agency_id: agency.id,
      airport_agency_id_label: 'Lérins Air Services',
      role_id: 11,
      active: true,
    });
    expect(user.json().data).not.toHaveProperty('password');
    expect(user.json().data).not.toHaveProperty('password_hash');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'lina@lerins.example.com'));
    expect(row.passwordHash).not.toBe(DEMO_PASSWORD);
    expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, row.id))).map((r) => r.roleId)).toEqual([
      11,
    ]);

    const token = await login(t.app, 'lina@lerins.example.com');
    const me = await call('GET', 'check_auth', token);
    expect(me.json().data.roles[0].id).toBe(11);
    const filed = await call('POST', 'airport/requests', token, request('+377 6 70 00 00 01'));
    expect(filed.statusCode, filed.body).toBe(201);
    const [details] = await t.db
      .select()
      .from(airportDetails)
      .where(eq(airportDetails.bookingId, filed.json().data.id));
    expect(details.agencyId).toBe(agency.id);
    expect(ids(await call('GET', 'airport/requests', token))).toEqual([filed.json().data.id]);

    const listed = (await call('GET', 'airport_agencies?search=L%C3%A9rins', admin)).json().data.data;
    expect(listed).toEqual([expect.objectContaining({ id: agency.id, users_count: 1, requests_count: 1 })]);
  });

  it("a supervisor (role 12) sees its own agency's requests, never another agency's", async () => {
    const a = await newAgency('Cap Ferrat Aviation');
    await call('POST', 'airport_agency_users', admin, deskUser(a, { email: 'agent@capferrat.example.com' }));
    const sup = await call(
      'POST',
      'airport_agency_users',
      admin,
      deskUser(a, { email: 'chief@capferrat.example.com', role_id: 12 }),
    );
    expect(sup.json().data.role_id).toBe(12);
    const [agent, chief] = await loginAll(t.app, 'agent@capferrat.example.com', 'chief@capferrat.example.com');
    const ours = (await call('POST', 'airport/requests', agent, request('+377 6 70 00 00 02'))).json().data.id;
    const theirs = (await call('POST', 'airport/requests', riviera, request('+377 6 70 00 00 03'))).json().data.id;

    const seen = ids(await call('GET', 'airport/requests?perPage=100', chief));
    expect(seen).toEqual([ours]);
    expect(seen).not.toContain(theirs);
    expect((await call('GET', `airport/requests/${ours}`, chief)).statusCode).toBe(200);
    expect((await call('GET', `airport/requests/${theirs}`, chief)).statusCode).toBe(403);
    expect(ids(await call('GET', 'airport/requests?perPage=100', riviera))).not.toContain(ours);
  });

  it('lists only desk accounts; other users are out of reach (404)', async () => {
    const list = (await call('GET', 'airport_agency_users?perPage=100', admin)).json().data.data as {
      email: string;
    }[];
    const emails = list.map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['airport@example.com', 'airport.supervisor@example.com', 'airport.azur@example.com']),
    );
    expect(emails).not.toContain('admin@example.com');
    expect(emails).not.toContain('hotel@example.com');
    const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    expect((await call('GET', `airport_agency_users/${adminRow.id}`, admin)).statusCode).toBe(404);
    const takeover = await call('PUT', `airport_agency_users/${adminRow.id}`, admin, { password: 'Other#2026x' });
    expect(takeover.statusCode).toBe(404);
    expect((await call('DELETE', `airport_agency_users/${adminRow.id}`, admin)).statusCode).toBe(404);
  });

  it('a new role or password ends the sessions; an inactive agency files no request', async () => {
    const a = await newAgency('Menton Travel Desk');
    const made = await call('POST', 'airport_agency_users', admin, deskUser(a, { email: 'desk@menton.example.com' }));
    const id = made.json().data.id;
    let token = await login(t.app, 'desk@menton.example.com');
    const promoted = await call('PUT', `airport_agency_users/${id}`, admin, { role_id: 12 });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data.role_id).toBe(12);
    expect((await call('GET', 'check_auth', token)).statusCode).toBe(401);
    token = await login(t.app, 'desk@menton.example.com');
    expect((await call('GET', 'check_auth', token)).json().data.roles[0].id).toBe(12);

    expect((await call('PUT', `airport_agencies/${a}`, admin, { active: false })).statusCode).toBe(200);
    const refused = await call('POST', 'airport/requests', token, request('+377 6 70 00 00 04'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AIRPORT_MSG.agencyInactive);
    expect((await call('GET', 'airport/requests', token)).statusCode).toBe(200);
    await call('PUT', `airport_agencies/${a}`, admin, { active: true });
    expect((await call('POST', 'airport/requests', token, request('+377 6 70 00 00 04'))).statusCode).toBe(201);
  });

  it('an agency with staff or requests is not deleted (409 with what to do); an unused one is', async () => {
    const a = await newAgency('Eze Air Concierge');
    const b = await newAgency('Beaulieu Air Concierge');
    const made = await call('POST', 'airport_agency_users', admin, deskUser(a, { email: 'desk@eze.example.com' }));
    const userId = made.json().data.id;
    const withStaff = await call('DELETE', `airport_agencies/${a}`, admin);
    expect(withStaff.statusCode).toBe(409);
    expect(withStaff.json().message).toBe(AIRPORT_MSG.agencyHasUsers);

    const token = await login(t.app, 'desk@eze.example.com');
    expect((await call('POST', 'airport/requests', token, request('+377 6 70 00 00 05'))).statusCode).toBe(201);
    // The desk moves to agency B: A keeps its requests, so it still may not go.
    expect((await call('PUT', `airport_agency_users/${userId}`, admin, { airport_agency_id: b })).statusCode).toBe(200);
    const withRequests = await call('DELETE', `airport_agencies/${a}`, admin);
    expect(withRequests.statusCode).toBe(409);
    expect(withRequests.json().message).toBe(AIRPORT_MSG.agencyHasRequests);

    const unused = await newAgency('Villefranche Air Desk');
    expect((await call('DELETE', `airport_agencies/${unused}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `airport_agencies/${unused}`, admin)).statusCode).toBe(404);
  });

  it('nobody hands out or changes a desk account whose role grants more than they hold', async () => {
    // A manager holding ACCOMMODATION only; role 12 is then (wrongly) given USERS.
    await t.db.insert(roles).values({ id: 40, name: 'Partners manager' });
    await grant(t.db, 40, ['ACCOMMODATION']);
    const [manager] = await t.db
      .insert(users)
      .values({
        email: 'partners.manager@example.com',
        firstName: 'Paul',
        lastName: 'Partners',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: manager.id, roleId: 40, position: 0 });
    const token = await login(t.app, 'partners.manager@example.com');
    const a = await newAgency('Antibes Air Desk');
    const agent = await call('POST', 'airport_agency_users', token, deskUser(a, { email: 'desk@antibes.example.com' }));
    expect(agent.statusCode).toBe(200);

    await grant(t.db, 12, ['USERS']);
    try {
      const up = await call('POST', 'airport_agency_users', token, deskUser(a, { role_id: 12 }));
      expect(up.statusCode).toBe(422);
      expect(up.json().errors.role_id).toEqual([RESOURCE_MSG.cannotGrant]);
      const promote = await call('PUT', `airport_agency_users/${agent.json().data.id}`, token, { role_id: 12 });
      expect(promote.statusCode).toBe(422);
      const [chief] = await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'airport.supervisor@example.com'));
      const reset = await call('PUT', `airport_agency_users/${chief.id}`, token, { password: 'Other#2026x' });
      expect(reset.statusCode).toBe(403);
      expect((await call('DELETE', `airport_agency_users/${chief.id}`, token)).statusCode).toBe(403);
    } finally {
      // Roles 11 and 12 grant nothing (shell.md §6).
      await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, 12));
    }
  });
});
