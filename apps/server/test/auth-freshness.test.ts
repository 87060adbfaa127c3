import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_PASSWORD } from '../src/db/seed';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

/**
 * Nothing about a signed-in user is remembered between requests: a role's permissions edited, a session
 * ended or a user deactivated on one node counts for the very next request, on that node and on another
 * node sharing the database.
 */
let a: TestApp;
let b: FastifyInstance;
let admin: string;
let roleId: number;
let dispatching: number;
let other: number;

beforeAll(async () => {
  a = await buildTestApp();
  const config = loadConfig({ APP_ENV: 'development', DATA_DIR: a.config.dataDir, LOG_LEVEL: 'silent' });
  b = await buildApp({ config, db: a.db, logger: false });
  await b.ready();
  admin = await login(a.app, 'admin@example.com');
  const list = await a.app.inject({ method: 'GET', url: '/api/permission', headers: bearer(admin) });
  const byName = new Map((list.json().data.data as { id: number; name: string }[]).map((p) => [p.name, p.id]));
  dispatching = byName.get('DISPATCHING') as number;
  other = [...byName.entries()].find(([name]) => name !== 'DISPATCHING')?.[1] as number;
  const role = await a.app.inject({
    method: 'POST',
    url: '/api/roles',
    headers: bearer(admin),
    payload: { name: 'Night desk', permissions: [dispatching] },
  });
  expect(role.statusCode, role.body).toBe(200);
  roleId = role.json().data.id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

let seq = 0;
async function newStaff(): Promise<{ id: number; token: string }> {
  const email = `fresh.${++seq}@example.com`;
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: bearer(admin),
    payload: { first_name: 'Fresh', last_name: `Desk${seq}`, email, password: DEMO_PASSWORD, roles: [roleId] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id, token: await login(a.app, email) };
}

const board = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/booking?perPage=5', headers: bearer(token) }).then((r) => r.statusCode);

const setPermissions = async (permissions: number[]) => {
  const res = await a.app.inject({
    method: 'PUT',
    url: `/api/roles/${roleId}`,
    headers: bearer(admin),
    payload: { permissions },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('authentication reads the current state on every request', () => {
  it('a role losing or gaining a permission counts at once, on both nodes', async () => {
    const user = await newStaff();
    expect(await board(a.app, user.token)).toBe(200);
    expect(await board(b, user.token)).toBe(200);
    await setPermissions([other]);
    expect(await board(a.app, user.token)).toBe(403);
    expect(await board(b, user.token)).toBe(403);
    await setPermissions([dispatching]);
    expect(await board(b, user.token)).toBe(200);
    expect(await board(a.app, user.token)).toBe(200);
  });

  it('a logout on one node ends the session on the other at once', async () => {
    const user = await newStaff();
    expect(await board(b, user.token)).toBe(200);
    const out = await a.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(user.token) });
    expect(out.statusCode).toBe(200);
    expect(await board(b, user.token)).toBe(401);
    expect(await board(a.app, user.token)).toBe(401);
  });

  it('an administrator ending a user’s sessions, or deactivating them, counts at once on both nodes', async () => {
    const ended = await newStaff();
    expect(await board(b, ended.token)).toBe(200);
    const res = await b.inject({ method: 'DELETE', url: `/api/user/${ended.id}/sessions`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(await board(a.app, ended.token)).toBe(401);

    const deactivated = await newStaff();
    expect(await board(a.app, deactivated.token)).toBe(200);
    const off = await a.app.inject({
      method: 'PUT',
      url: `/api/user/${deactivated.id}`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await board(b, deactivated.token)).toBe(401);
  });
});
