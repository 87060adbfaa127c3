import { LOGIN_CODE_MAX_ATTEMPTS, MSG, TOKEN_REFUSALS } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, loginCodes, users } from '../src/db/schema';
import { bearer, buildTestApp, lastCode, login, loginBody, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('two-step login', () => {
  it('send code → outbox → admin_login → check_auth → logout → 401', async () => {
    const { app } = t;
    const sent = await app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      payload: loginBody('admin@example.com'),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: null, message: MSG.codeSent });

    const code = await lastCode(app, 'admin@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const outbox = (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data[0];
    expect(Object.keys(outbox).sort()).toEqual(['channel', 'code', 'created_at', 'subject', 'text', 'to']);
    expect(outbox.channel).toBe('email');

    const res = await app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody('admin@example.com', { code }),
    });
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({
      username: 'admin@example.com',
      roles: [{ id: 1, name: 'Admin' }],
      // Signing in puts the user online (at the console).
      online: true,
      ai_status: { snoozed_at: null, snooze_interval: 0, dispatch_interval: 0, ai_stopped: '0' },
    });
    expect(typeof session.accessToken).toBe('string');
    expect(typeof session.timestamp).toBe('string');

    const check = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(session.accessToken) });
    expect(check.statusCode).toBe(200);
    const user = check.json().data;
    expect(user).toMatchObject({
      email: 'admin@example.com',
      roles: [{ id: 1, name: 'Admin' }],
      profile_image: null,
      settings: { FOLLOW_UP_TICKET: { id: null, last_question_id: null, last_field_id: null } },
      ai_status: { ai_stopped: '0' },
    });
    expect(user.permissions).toContain('SETTINGS');
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');

    // the code is single-use
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody('admin@example.com', { code }),
    });
    expect(again.statusCode).toBe(422);

    const out = await app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(session.accessToken) });
    expect(out.json()).toEqual({ data: null, message: MSG.loggedOut });
    const after = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(session.accessToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      message: MSG.unauthenticated,
      reason: TOKEN_REFUSALS.invalid,
      request_id: expect.any(String),
    });
  });

  it('remember_me gives a 30-day token, otherwise 12 h', async () => {
    const { app, db } = t;
    await app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody('gov@example.com') });
    const code = await lastCode(app, 'gov@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody('gov@example.com', { code, remember_me: 1 }),
    });
    expect(res.statusCode).toBe(200);
    const rows = await db.select().from(accessTokens);
    const last = rows[rows.length - 1];
    expect(last.rememberMe).toBe(true);
    expect(last.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
  });

  it('wrong password → 422 with the credentials message, no code sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      payload: loginBody('dispatcher@example.com', { password: 'Wrong#2026' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MSG.wrongCredentials,
      errors: { username: [MSG.wrongCredentials] },
      request_id: expect.any(String),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      payload: loginBody('nobody@example.com'),
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('five wrong codes kill the code, even the right one fails afterwards', async () => {
    const { app } = t;
    await app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody('callcenter@example.com') });
    const code = await lastCode(app, 'callcenter@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= LOGIN_CODE_MAX_ATTEMPTS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin_login',
        payload: loginBody('callcenter@example.com', { code: wrong }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(i < LOGIN_CODE_MAX_ATTEMPTS ? MSG.wrongCode : MSG.codeAttemptsExceeded);
    }
    const right = await app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody('callcenter@example.com', { code }),
    });
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(MSG.codeAttemptsExceeded);

    // a new send replaces the dead code
    await login(app, 'callcenter@example.com');
  });

  it('an expired code is refused with a clear message', async () => {
    const { app, db } = t;
    await app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody('supervisor@example.com') });
    const code = await lastCode(app, 'supervisor@example.com');
    const [user] = await db.select().from(users).where(eq(users.email, 'supervisor@example.com'));
    await db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.userId, user.id));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody('supervisor@example.com', { code }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.codeExpired);
  });

  it("an expired token → 401 'Token has expired', its reason the same in every language", async () => {
    const { app, db } = t;
    const token = await login(app, 'dispatcher@example.com');
    const ok = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    const userId = ok.json().data.id as number;
    await db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, userId));
    const res = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Token has expired',
      reason: TOKEN_REFUSALS.expired,
      request_id: expect.any(String),
    });
    // The message is translated on the way out; the reason is what the console reads.
    const fr = await app.inject({
      method: 'GET',
      url: '/api/check_auth',
      headers: { ...bearer(token), 'accept-language': 'fr' },
    });
    expect(fr.statusCode).toBe(401);
    expect(fr.json().message).not.toBe('Token has expired');
    expect(fr.json().reason).toBe(TOKEN_REFUSALS.expired);
  });

  it('no, unknown or revoked token → 401 without the expired reason', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/check_auth' });
    expect(none.statusCode).toBe(401);
    expect(none.json().reason).toBe(TOKEN_REFUSALS.invalid);
    const bad = await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer('nope') });
    expect(bad.json()).toEqual({
      message: MSG.unauthenticated,
      reason: TOKEN_REFUSALS.invalid,
      request_id: expect.any(String),
    });
    const token = await login(t.app, 'supervisor@example.com');
    await t.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(token) });
    const revoked = await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().reason).toBe(TOKEN_REFUSALS.invalid);
  });
});

describe('session calls', () => {
  let token: string;
  beforeAll(async () => {
    token = await login(t.app, 'admin@example.com');
  });

  it('generate_chat_token returns a signed token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/generate_chat_token', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('role?perPage=50 lists roles as data.data rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/role?perPage=50', headers: bearer(token) });
    const body = res.json().data;
    expect(body).toMatchObject({ current_page: 1, per_page: 50, last_page: 1, next_page_url: null });
    expect(body.data).toContainEqual({ id: 4, name: 'Goverment' });
    expect(body.data).toContainEqual({ id: 11, name: 'Airport agency' });
    expect(body.total).toBe(body.data.length);

    const paged = (await t.app.inject({ method: 'GET', url: '/api/role?perPage=2', headers: bearer(token) })).json()
      .data;
    expect(paged.data).toHaveLength(2);
    expect(paged.next_page_url).toBe('/api/role?perPage=2&page=2');
  });

  it('permission lists every permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/permission', headers: bearer(token) });
    const rows = res.json().data.data as { id: number; name: string }[];
    expect(rows.map((r) => r.name)).toContain('LOST_AND_FOUND');
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'name']);
  });

  it('notification lists the latest notifications of the user', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) })).json().data;
    for (let i = 0; i < 7; i++) await t.app.notifications.create({ userId: me.id, message: `n${i}` });
    const [other] = await t.db.select().from(users).where(eq(users.email, 'gov@example.com'));
    await t.app.notifications.create({ userId: other.id, message: 'not mine' });
    const res = await t.app.inject({ method: 'GET', url: '/api/notification?perPage=5', headers: bearer(token) });
    const page = res.json().data;
    expect(page.total).toBe(7);
    expect(page.data).toHaveLength(5);
    expect(Object.keys(page.data[0]).sort()).toEqual([
      'color',
      'datetime',
      'icon',
      'id',
      'kind',
      'link',
      'message',
      'params',
      'read',
      'template',
    ]);
  });
});

describe('online flag', () => {
  it('sets and clears the online flag of the signed-in user', async () => {
    const { app, close } = await buildTestApp();
    const token = await login(app, 'dispatcher@example.com');
    const bad = await app.inject({ method: 'PUT', url: '/api/online', headers: bearer(token), payload: {} });
    expect(bad.statusCode).toBe(422);
    const on = await app.inject({
      method: 'PUT',
      url: '/api/online',
      headers: bearer(token),
      payload: { online: true },
    });
    expect(on.json().data.online).toBe(true);
    const me = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    expect(me.json().data.online).toBe(true);
    await app.inject({ method: 'PUT', url: '/api/online', headers: bearer(token), payload: { online: '0' } });
    const after = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    expect(after.json().data.online).toBe(false);
    await close();
  });

  it('signing in sets it; signing out of the last session clears it', async () => {
    const { app, db, close } = await buildTestApp();
    const flag = async () =>
      (await db.select({ online: users.online }).from(users).where(eq(users.email, 'dispatcher@example.com')))[0]
        .online;
    const first = await login(app, 'dispatcher@example.com');
    const second = await login(app, 'dispatcher@example.com');
    const online = async (token: string) =>
      (await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) })).json().data.online;
    expect(await online(first)).toBe(true);
    await app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(first) });
    // Still at the console in another browser.
    expect(await online(second)).toBe(true);
    await app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(second) });
    expect(await flag()).toBe(false);
    const third = await login(app, 'dispatcher@example.com');
    expect(await online(third)).toBe(true);
    await app.inject({ method: 'PUT', url: '/api/online', headers: bearer(third), payload: { online: false } });
    await app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(third) });
    expect(await flag()).toBe(false);
    const fourth = await login(app, 'dispatcher@example.com');
    expect(await online(fourth)).toBe(true);
    await close();
  });
});

describe('preferences', () => {
  it('keeps the language, theme and board density on the account: 401, 422, then merged and sent back by check_auth', async () => {
    const { app, close } = await buildTestApp();
    const put = (token: string | null, payload: object) =>
      app.inject({ method: 'PUT', url: '/api/preferences', headers: token ? bearer(token) : {}, payload });
    expect((await put(null, { language: 'fr' })).statusCode).toBe(401);
    const token = await login(app, 'dispatcher@example.com');
    const me = async () =>
      (await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) })).json().data.preferences;
    expect(await me()).toEqual({});
    for (const bad of [{ language: 'de' }, { theme: 'blue' }, { language: 'fr', extra: 1 }]) {
      const res = await put(token, bad);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    expect((await put(token, { language: 'ar' })).json().data).toEqual({ language: 'ar' });
    expect((await put(token, { theme: 'dark' })).json().data).toEqual({ language: 'ar', theme: 'dark' });
    expect(await me()).toEqual({ language: 'ar', theme: 'dark' });
    // The board's card density is one more preference of the account.
    expect((await put(token, { board_density: 'dense' })).statusCode).toBe(422);
    expect((await put(token, { board_density: 'compact' })).json().data).toEqual({
      language: 'ar',
      theme: 'dark',
      board_density: 'compact',
    });
    expect((await me()).board_density).toBe('compact');
    // Another user's account is untouched.
    const other = await login(app, 'callcenter@example.com');
    const theirs = await app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(other) });
    expect(theirs.json().data.preferences).toEqual({});
    await close();
  });
});
