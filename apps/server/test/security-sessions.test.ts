import { createHash } from 'node:crypto';
import { MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { accessTokens, loginCodes, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed';
import { deriveKey, hmacSha256 } from '../src/lib/crypto';
import { dataDirSecret } from '../src/lib/secret';
import { LOGIN_CODE_KEY } from '../src/modules/auth/service';
import { bearer, buildTestApp, lastCode, login, loginBody, type TestApp } from './helpers';

/** Issue 9, findings 9 (sessions) and 11 (codes and development conveniences). */
let t: TestApp;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@example.com');
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'N3w#Passw0rd';

/** A new staff member with this role (created by the admin, password DEMO_PASSWORD). */
async function newStaff(roleId: number): Promise<{ id: number; email: string }> {
  const email = `sessions.${++seq}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: bearer(admin),
    payload: { first_name: 'Sam', last_name: `Session${seq}`, email, password: DEMO_PASSWORD, roles: [roleId] },
  });
  if (res.statusCode !== 200) throw new Error(`create staff failed: ${res.body}`);
  return { id: res.json().data.id as number, email };
}

const checkAuth = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) }).then((r) => r.statusCode);

const editUser = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: bearer(token), payload });

async function userId(email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

describe('finding 9: a password, activity or role change ends the sessions', () => {
  it('an admin changing a user’s password revokes every token of that user (old token → 401)', async () => {
    const user = await newStaff(2);
    const [first, second] = [await login(t.app, user.email), await login(t.app, user.email)];
    expect(await checkAuth(first)).toBe(200);
    const res = await editUser(admin, user.id, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await checkAuth(first)).toBe(401);
    expect(await checkAuth(second)).toBe(401);
    // The admin's own session is untouched.
    expect(await checkAuth(admin)).toBe(200);
  });

  it('changing one’s own password keeps the current token and revokes the others', async () => {
    const user = await newStaff(5); // Supervisor: holds USERS, so may edit their own profile
    const current = await login(t.app, user.email);
    const other = await login(t.app, user.email);
    const res = await editUser(current, user.id, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await checkAuth(current)).toBe(200);
    expect(await checkAuth(other)).toBe(401);
  });

  it('deactivating a user revokes their tokens (they stay revoked after reactivation)', async () => {
    const user = await newStaff(3);
    const token = await login(t.app, user.email);
    expect((await editUser(admin, user.id, { active: false })).statusCode).toBe(200);
    const rows = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await editUser(admin, user.id, { active: true })).statusCode).toBe(200);
    expect(await checkAuth(token)).toBe(401);
  });

  it('a role change revokes the user’s tokens; an edit that changes none of it does not', async () => {
    const user = await newStaff(2);
    const token = await login(t.app, user.email);
    const same = await editUser(admin, user.id, { first_name: 'Renamed', roles: [2], active: true });
    expect(same.statusCode).toBe(200);
    expect(await checkAuth(token)).toBe(200);
    const changed = await editUser(admin, user.id, { roles: [3] });
    expect(changed.statusCode).toBe(200);
    expect(await checkAuth(token)).toBe(401);
  });

  it('a save that fails revokes nothing (the revocation is in its transaction)', async () => {
    const user = await newStaff(2);
    const token = await login(t.app, user.email);
    const res = await editUser(admin, user.id, { password: NEW_PASSWORD, roles: [999_999] });
    expect(res.statusCode).toBe(422);
    expect(await checkAuth(token)).toBe(200);
  });
});

describe('finding 9: logout everywhere and ending a user’s sessions', () => {
  it('PUT /api/logout_all revokes every token of the caller, and no one else’s', async () => {
    const user = await newStaff(2);
    const [a, b] = [await login(t.app, user.email), await login(t.app, user.email)];
    const res = await t.app.inject({ method: 'PUT', url: '/api/logout_all', headers: bearer(a) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 2 }, message: MSG.loggedOutEverywhere });
    expect(await checkAuth(a)).toBe(401);
    expect(await checkAuth(b)).toBe(401);
    expect(await checkAuth(admin)).toBe(200);
    // The _method twin reaches it too.
    const c = await login(t.app, user.email);
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/logout_all',
      headers: bearer(c),
      payload: { _method: 'PUT' },
    });
    expect(twin.statusCode).toBe(200);
    expect(await checkAuth(c)).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/logout_all' })).statusCode).toBe(401);
  });

  it('DELETE /api/user/:id/sessions: an admin ends a user’s sessions; 404 for an unknown user', async () => {
    const user = await newStaff(2);
    const [a, b] = [await login(t.app, user.email), await login(t.app, user.email)];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}/sessions`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 2 }, message: MSG.sessionsEnded });
    expect(await checkAuth(a)).toBe(401);
    expect(await checkAuth(b)).toBe(401);
    expect(await checkAuth(admin)).toBe(200);

    for (const id of ['999999', '2147483648', 'abc']) {
      const unknown = await t.app.inject({ method: 'DELETE', url: `/api/user/${id}/sessions`, headers: bearer(admin) });
      expect(unknown.statusCode, id).toBe(404);
    }
  });

  it('a supervisor may not end the admin’s sessions (403), nor may a user without USERS', async () => {
    const adminId = await userId('admin@example.com');
    const supervisor = await login(t.app, 'supervisor@example.com');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${adminId}/sessions`,
      headers: bearer(supervisor),
    });
    expect(res.statusCode).toBe(403);
    expect(await checkAuth(admin)).toBe(200);

    const dispatcher = await login(t.app, 'dispatcher@example.com');
    const supervisorId = await userId('supervisor@example.com');
    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${supervisorId}/sessions`,
      headers: bearer(dispatcher),
    });
    expect(denied.statusCode).toBe(403);
    expect(await checkAuth(supervisor)).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${supervisorId}/sessions` })).statusCode).toBe(401);
  });

  it('a single logout revokes only that session', async () => {
    const user = await newStaff(2);
    const [a, b] = [await login(t.app, user.email), await login(t.app, user.email)];
    expect((await t.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(a) })).statusCode).toBe(200);
    expect(await checkAuth(a)).toBe(401);
    expect(await checkAuth(b)).toBe(200);
  });
});

describe('finding 11: login codes and development conveniences', () => {
  it('the stored code hash is a keyed HMAC, not sha256(userId:code), and the code still logs in', async () => {
    const email = 'callcenter@example.com';
    const sent = await t.app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody(email) });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(t.app, email);
    const id = await userId(email);
    const [row] = await t.db.select().from(loginCodes).where(eq(loginCodes.userId, id));
    const bare = createHash('sha256').update(`${id}:${code}`).digest('hex');
    expect(row.codeHash).not.toBe(bare);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // HMAC-SHA-256 under a key derived from the server secret (APP_SECRET, here DATA_DIR/secret).
    const key = deriveKey(dataDirSecret(t.config.dataDir), LOGIN_CODE_KEY);
    expect(row.codeHash).toBe(hmacSha256(key, `${id}:${code}`));
    const res = await t.app.inject({ method: 'POST', url: '/api/admin_login', payload: loginBody(email, { code }) });
    expect(res.statusCode).toBe(200);
  });

  it('APP_SECRET, when set, must be at least 32 characters', () => {
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).appSecret).toBe('x'.repeat(32));
    expect(loadConfig({}).appSecret).toBeUndefined();
  });

  it('the outbox answers loopback clients only: any other address gets the 404 of an unknown route', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/route', remoteAddress: '203.0.113.9' });
    for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '::ffff:10.0.0.5', '127.0.0.2']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual({ ...unknown.json(), request_id: expect.any(String) }); // the id is per request
      // No login code in it (the request id, a random UUID, may hold six digits in a row: left out).
      expect(JSON.stringify({ ...res.json(), request_id: null })).not.toMatch(/\d{6}/);
    }
  });

  it('POST /api/ai/dev/accept/:id answers 404 to a non-loopback client (even a signed-in dispatcher)', async () => {
    const dispatcher = await login(t.app, 'dispatcher@example.com');
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/ai/dev/accept/1',
      headers: bearer(dispatcher),
      payload: {},
      remoteAddress: '198.51.100.7',
    });
    expect(far.statusCode).toBe(404);
    expect(far.json()).toEqual({ message: MSG.notFound, request_id: expect.any(String) });
    // From loopback the route is there (the booking does not exist: its own 404 / 409, not the route's).
    const near = await t.app.inject({
      method: 'POST',
      url: '/api/ai/dev/accept/999999',
      headers: bearer(dispatcher),
      payload: {},
    });
    expect(near.statusCode).not.toBe(401);
    expect(near.statusCode).not.toBe(403);
  });
});

describe('finding 11: outside development', () => {
  it('neither the outbox nor the AI’s captain stand-in exists, even for loopback', async () => {
    const pre = await buildTestApp({ env: { APP_ENV: 'preproduction' } });
    try {
      const outbox = await pre.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(outbox.statusCode).toBe(404);
      const accept = await pre.app.inject({ method: 'POST', url: '/api/ai/dev/accept/1', payload: {} });
      expect(accept.statusCode).toBe(404);
    } finally {
      await pre.close();
    }
  });
});
