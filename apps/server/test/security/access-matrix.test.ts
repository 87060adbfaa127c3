/**
 * The route × role matrix: every route of Fastify's own route table, called by every demo role and
 * without a token, must answer as the declared table says (403 for a role it does not list, 401
 * without a token unless public, and never 401/403 for a role it lists). Routes come from the app
 * itself, so a new route without a row here fails; a row without a route fails too. A captain-app
 * session is a caller too: it opens the captain-app routes and no other (401), and no staff token
 * opens a captain-app route (401).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCaptain } from '../factories';
import { bearer, buildTestApp, captainLogin, login, type TestApp } from '../helpers';
import { ACCESS, CAPTAIN, PUBLIC, ROLE_LETTERS, type RoleLetter } from './access-table';

interface Route {
  method: string;
  url: string;
  twin: boolean;
}

const routes: Route[] = [];
let t: TestApp;
const tokens = new Map<RoleLetter, string>();
const LETTERS = Object.keys(ROLE_LETTERS) as RoleLetter[];
/** Calls that end the caller's session: the role signs in again after them. */
const ENDS_SESSION = new Set(['PUT /api/logout', 'PUT /api/logout_all', 'POST /api/captain-app/logout']);
let captainPhone = '';
let captainToken = '';

/** A concrete address for a route pattern: ids that exist nowhere, a well-formed stored file name. */
function concrete(url: string): string {
  return url
    .replace(':fileName', `${'a'.repeat(32)}.wav`)
    .replace(':name', 'nothing.png')
    .replace(/:\w+/g, '999999');
}

async function call(method: string, url: string, token: string | null, body?: Record<string, unknown>) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: token ? bearer(token) : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body ?? {} }),
  });
  return res.statusCode;
}

async function signIn(letter: RoleLetter) {
  tokens.set(letter, await login(t.app, ROLE_LETTERS[letter]));
}

beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      const twin = !!(route.config as { methodOverrideTwin?: boolean } | undefined)?.methodOverrideTwin;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, twin });
      }
    },
  });
  for (const letter of LETTERS) await signIn(letter);
  const { captain } = await makeCaptain(t.db, { online: false });
  captainPhone = captain.phoneNumber as string;
  captainToken = await captainLogin(t.app, captainPhone);
}, 120_000);
afterAll(() => t?.close());

/** Is the answer what the row says for this caller? Returns a line describing the difference, or null. */
function difference(key: string, who: string, status: number, allowed: boolean, anonymous: boolean): string | null {
  if (status >= 500) return `${key} as ${who}: ${status}`;
  if (anonymous && !allowed) return status === 401 ? null : `${key} without a token: ${status}, expected 401`;
  if (!allowed) return status === 403 ? null : `${key} as ${who}: ${status}, expected 403`;
  return status === 401 || status === 403 ? `${key} as ${who}: ${status}, expected access` : null;
}

describe('route × role matrix', () => {
  it('every registered route has a row, and every row a route', () => {
    const keys = new Set(routes.filter((r) => !r.twin).map((r) => `${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(150);
    expect([...keys].filter((k) => !(k in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('every route answers every demo role and an anonymous caller as the table says', async () => {
    const differences: string[] = [];
    let calls = 0;
    for (const route of routes.filter((r) => !r.twin)) {
      const key = `${route.method} ${route.url}`;
      const row = ACCESS[key];
      if (row === undefined) continue; // reported by the test above
      const anonymous = await call(route.method, route.url, null);
      calls++;
      const d = difference(key, 'anonymous', anonymous, row === PUBLIC, true);
      if (d) differences.push(d);
      if (row === PUBLIC) continue;
      // A captain session: access to the captain-app routes, 401 everywhere else.
      const byCaptain = await call(route.method, route.url, captainToken);
      calls++;
      if (row === CAPTAIN ? byCaptain >= 500 || byCaptain === 401 || byCaptain === 403 : byCaptain !== 401) {
        differences.push(`${key} as a captain: ${byCaptain}, expected ${row === CAPTAIN ? 'access' : 401}`);
      }
      if (ENDS_SESSION.has(key) && byCaptain < 300) captainToken = await captainLogin(t.app, captainPhone);
      for (const letter of LETTERS) {
        const status = await call(route.method, route.url, tokens.get(letter) ?? null);
        calls++;
        if (row === CAPTAIN) {
          if (status !== 401) differences.push(`${key} as ${letter}: ${status}, expected 401 (no captain session)`);
          continue;
        }
        const diff = difference(key, letter, status, row.includes(letter), false);
        if (diff) differences.push(diff);
        if (ENDS_SESSION.has(key) && status < 300) await signIn(letter);
      }
    }
    expect(differences).toEqual([]);
    console.log(
      `access matrix: ${calls} calls over ${routes.filter((r) => !r.twin).length} routes × ${LETTERS.length} roles + anonymous`,
    );
  }, 300_000);

  it('every POST twin (_method) answers as its target: 401 before any body is read, then the target rule', async () => {
    const differences: string[] = [];
    const twins = routes.filter((r) => r.twin);
    expect(twins.length).toBeGreaterThan(20);
    for (const twin of twins) {
      const targets = routes.filter(
        (r) => !r.twin && r.url === twin.url && ['PUT', 'PATCH', 'DELETE'].includes(r.method),
      );
      expect(targets.length, twin.url).toBeGreaterThan(0);
      for (const target of targets) {
        const key = `${target.method} ${target.url}`;
        const row = ACCESS[key] ?? '';
        const body = { _method: target.method };
        const anonymous = await call('POST', twin.url, null, body);
        const d = difference(
          `POST ${twin.url} (_method ${target.method})`,
          'anonymous',
          anonymous,
          row === PUBLIC,
          true,
        );
        if (d) differences.push(d);
        for (const letter of LETTERS) {
          const status = await call('POST', twin.url, tokens.get(letter) ?? null, body);
          const diff = difference(
            `POST ${twin.url} (_method ${target.method})`,
            letter,
            status,
            row.includes(letter),
            false,
          );
          if (diff) differences.push(diff);
          if (ENDS_SESSION.has(key) && status < 300) await signIn(letter);
        }
      }
    }
    expect(differences).toEqual([]);
  }, 300_000);
});
