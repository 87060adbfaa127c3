/**
 * Issue 9, the HTTP layer: prototype pollution through form keys (finding 1, the parser), a spoofable
 * request.ip (7), 500s for bad input (8) and the security headers (10).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG, publicRule, signedInRule } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../src/config';
import { tileSource } from '../src/http/headers';
import { collectFormArrays, FORM_MAX_DEPTH, FORM_MAX_KEYS, parseUrlencoded } from '../src/http/multipart';
import { spaPlugin } from '../src/http/spa';
import { bearer, buildTestApp, login, loginBody, multipart, requestAs, type TestApp } from './helpers';

const ADMIN = 'admin@example.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };
const deepKey = (levels: number) => `a${'[x]'.repeat(levels)}`;

let t: TestApp;
let admin: string;
let web: string;

beforeAll(async () => {
  // A built SPA of two files, served the way main.ts serves apps/web/dist.
  web = mkdtempSync(path.join(tmpdir(), 'taxi-web-'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><title>x</title><script type="module" src="/app.js"></script>',
  );
  writeFileSync(path.join(web, 'app.js'), 'console.log(1)');
  t = await buildTestApp({
    routes: async (app) => {
      await app.register(spaPlugin, { dist: web });
      // The database's own refusals of bad input, reached without any schema in front.
      app.get('/api/test/pg/:case', { config: { policy: signedInRule('test.pg') } }, async (request) => {
        const which = (request.params as { case: string }).case;
        if (which === 'int4') await app.db.execute(sql`select ${'2147483648'}::int4`);
        if (which === 'nul') await app.db.execute(sql`select ${`a${String.fromCharCode(0)}b`}::text`);
        if (which === 'index') {
          await app.db.execute(sql`create temporary table if not exists big_names (name text)`);
          await app.db.execute(sql`create index if not exists big_names_idx on big_names (name)`);
          await app.db.execute(sql`insert into big_names values (${randomBytes(512 * 1024).toString('base64')})`);
        }
        return { data: 'ok' };
      });
      app.post('/api/test/form', { config: { policy: publicRule('test.form') } }, async (request) => ({
        data: request.body,
      }));
      // Public routes take no multipart body (415): forms of fields only go to signed-in routes.
      app.post('/api/test/signed-form', { config: { policy: signedInRule('test.signedForm') } }, async (request) => ({
        data: request.body,
      }));
    },
  });
  admin = await login(t.app, ADMIN);
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

/** PUT /api/online as the admin with this raw body and these headers. */
const putOnline = (payload: string | Buffer, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/online', headers: { ...headers, ...bearer(admin) }, payload });

const prototypeIsClean = () => {
  const probe = {} as Record<string, unknown>;
  return probe.public === undefined && probe.x === undefined && Object.keys(Object.prototype).length === 0;
};

describe('finding 1: form keys cannot reach Object.prototype', () => {
  const pollution = ['__proto__[public]=1', 'constructor[prototype][public]=1', '__proto__[x]=1'];

  it('unauthenticated urlencoded and multipart pollution of admin_send_code and the logout twin → 422 or 401', async () => {
    for (const url of ['/api/admin_send_code', '/api/logout']) {
      for (const payload of pollution) {
        const form = await t.app.inject({ method: 'POST', url, headers: FORM, payload: `${payload}&_method=PUT` });
        expect([401, 422]).toContain(form.statusCode);
        const [key] = payload.split('=');
        const mp = multipart({ [key]: '1', _method: 'PUT' });
        const res = await t.app.inject({ method: 'POST', url, headers: mp.headers, payload: mp.payload });
        // A public route takes no multipart body at all: 415 from the headers, nothing parsed.
        expect(url === '/api/admin_send_code' ? [415] : [401, 422]).toContain(res.statusCode);
      }
    }
    // admin_send_code is public: the refusal is the parser's own 422.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      headers: FORM,
      payload: '__proto__[public]=1',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.formKeyForbidden);
    expect(prototypeIsClean()).toBe(true);
    for (const url of ['/api/booking', '/api/user/export.csv', '/api/tracking/captains']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('a signed-in form with a prototype segment anywhere is refused with 422', async () => {
    for (const payload of ['online=1&__proto__[x]=1', 'online=1&a[constructor][prototype]=1', 'online=1&prototype=1']) {
      const res = await putOnline(payload, FORM);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.formKeyForbidden);
    }
    // @fastify/multipart's own refusal of a field named like an Object.prototype member is a 422 too.
    const mp = multipart({ ['__proto__']: '1', online: '1' });
    const res = await putOnline(mp.payload, mp.headers);
    expect(res.statusCode).toBe(422);
    expect(prototypeIsClean()).toBe(true);
  });

  it('JSON bodies with __proto__ or constructor.prototype answer 400, never 500', async () => {
    for (const payload of [
      '{"__proto__":{"public":true},"username":"a@b.c"}',
      '{"constructor":{"prototype":{"public":true}},"username":"a@b.c"}',
    ]) {
      for (const url of ['/api/admin_send_code', '/api/logout']) {
        const res = await t.app.inject({ method: 'POST', url, headers: JSON_TYPE, payload });
        expect([400, 401]).toContain(res.statusCode);
      }
      const res = await t.app.inject({ method: 'POST', url: '/api/test/form', headers: JSON_TYPE, payload });
      expect(res.statusCode).toBe(400);
    }
    expect(prototypeIsClean()).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/booking' })).statusCode).toBe(401);
  });

  it('a 20,000-level key answers 422 (urlencoded and multipart) without overflowing the stack', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      headers: FORM,
      payload: `${encodeURIComponent(deepKey(20_000))}=1`,
    });
    expect(form.statusCode).toBe(422);
    expect(form.json().message).toBe(MSG.formKeyTooDeep(FORM_MAX_DEPTH));
    const mp = multipart({ [deepKey(20_000)]: '1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/signed-form',
      headers: { ...mp.headers, ...bearer(admin) },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(422);
  });

  it('key depth and key count are capped with 422', async () => {
    const send = (payload: string) => t.app.inject({ method: 'POST', url: '/api/test/form', headers: FORM, payload });
    const five = await send(`${encodeURIComponent(deepKey(FORM_MAX_DEPTH))}=1`);
    expect(five.statusCode).toBe(200);
    expect(five.json().data).toEqual({ a: { x: { x: { x: { x: { x: '1' } } } } } });
    expect((await send(`${encodeURIComponent(deepKey(FORM_MAX_DEPTH + 1))}=1`)).statusCode).toBe(422);
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');
    expect((await send(keys(FORM_MAX_KEYS))).statusCode).toBe(200);
    const tooMany = await send(keys(FORM_MAX_KEYS + 1));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(MSG.tooManyFormKeys(FORM_MAX_KEYS));
    for (const n of [FORM_MAX_KEYS + 1, FORM_MAX_KEYS + 50]) {
      const fields = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, '1']));
      const mp = multipart(fields);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/signed-form',
        headers: { ...mp.headers, ...bearer(admin) },
        payload: mp.payload,
      });
      expect(res.statusCode).toBe(422);
    }
  });

  it('collected forms are null-prototype objects with the usual arrays', () => {
    const body = collectFormArrays(
      parseUrlencoded('stops[0][name]=a&stops[1][name]=b&ids[]=1&ids[]=2&user[first_name]=Ann&plain=x'),
    );
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(Object.getPrototypeOf(body.user)).toBeNull();
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      stops: [{ name: 'a' }, { name: 'b' }],
      ids: ['1', '2'],
      user: { first_name: 'Ann' },
      plain: 'x',
    });
    expect(() => collectFormArrays({ 'a[__proto__][x]': '1' })).toThrow(MSG.formKeyForbidden);
    expect(() => collectFormArrays({ [deepKey(20_000)]: '1' })).toThrow(MSG.formKeyTooDeep(FORM_MAX_DEPTH));
    expect(prototypeIsClean()).toBe(true);
  });
});

describe('finding 8: bad input is a 404 or a 422, never a 500', () => {
  const get = (url: string) => requestAs(t.app, 'GET', url, admin);

  it('ids above int4: 404 in the path, 422 in the query or the body', async () => {
    for (const url of ['/api/bookings/2147483648', '/api/captain/2147483648', '/api/passenger/99999999999999999999']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.notFound);
    }
    for (const url of ['/api/booking?captain_id=2147483648', '/api/booking/search?order_id=2147483648']) {
      expect((await get(url)).statusCode).toBe(422);
    }
    const body = await requestAs(t.app, 'POST', '/api/send_pending_reminder', admin, { booking_id: 2_147_483_648 });
    expect(body.statusCode).toBe(422);
  });

  it('NUL characters in the query, a name or a path answer 422 (404 for the path)', async () => {
    const search = await get('/api/booking?search=%00');
    expect(search.statusCode).toBe(422);
    expect(search.json().message).toBe(MSG.nulCharacter);
    expect((await get('/api/passenger?search=a%00b')).statusCode).toBe(422);
    expect((await get('/api/files/a%00b')).statusCode).toBe(404);
    const named = await requestAs(t.app, 'POST', '/api/colors', admin, { name: 'Bl\u0000ue', hex: '#0000ff' });
    expect(named.statusCode).toBe(422);
  });

  it('a 1 MB name answers 422 from the shared schema', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const captain = await requestAs(t.app, 'POST', '/api/captain', admin, {
      first_name: big,
      last_name: 'B',
      username: 'bigname',
      phone_number: '+37761234567',
    });
    expect(captain.statusCode).toBe(422);
    expect(JSON.stringify(captain.json())).toContain(MSG.textTooLong(255));
    const colour = await requestAs(t.app, 'POST', '/api/colors', admin, { name: big });
    expect(colour.statusCode).toBe(422);
  });

  it('malformed multipart (no boundary, truncated, garbled) answers 400', async () => {
    const mp = multipart({ online: '1' });
    const cases = [
      { 'content-type': 'multipart/form-data', payload: mp.payload },
      { 'content-type': mp.headers['content-type'], payload: mp.payload.subarray(0, mp.payload.length - 10) },
      {
        'content-type': 'multipart/form-data; boundary=b',
        payload: Buffer.from('--b\r\nContent-Disposition\r\n\r\nzz'),
      },
    ];
    for (const { payload, ...headers } of cases) {
      const res = await putOnline(payload, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.malformedForm, request_id: expect.any(String) });
    }
  });

  it("the database's refusals (int4 overflow, NUL, an index row too big) answer 422 without SQL", async () => {
    const expected = { int4: MSG.valueOutOfRange, nul: MSG.invalidCharacters, index: MSG.valueTooLong };
    for (const [which, message] of Object.entries(expected)) {
      const res = await get(`/api/test/pg/${which}`);
      expect(res.statusCode, which).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.body.toLowerCase()).not.toContain('select');
    }
  });
});

describe('finding 7: X-Forwarded-For is believed only from TRUST_PROXY', () => {
  it('TRUST_PROXY parses addresses and CIDRs; unset is none; anything else is a configuration error', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadConfig({ DATA_DIR: tmpdir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmpdir(), TRUST_PROXY: 'loopback,192.168.0.0/16' }).trustProxy).toEqual([
      'loopback',
      '192.168.0.0/16',
    ]);
    for (const bad of ['true', '2', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ DATA_DIR: tmpdir(), TRUST_PROXY: bad })).toThrow(ConfigError);
    }
  });

  const sendCode = (app: TestApp['app'], email: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: loginBody(email, { password: 'Bad#pass1' }),
    });
  const whoAmI = (app: TestApp['app']) => {
    app.get('/test/ip', async (request) => ({ ip: request.ip }));
  };

  it('without TRUST_PROXY, rotating X-Forwarded-For does not escape the per-IP login limit', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_MAX_PER_IP: '3' }, routes: whoAmI });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await sendCode(limited.app, `nobody${i}@example.com`, `203.0.113.${i + 1}`)).statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 429, 429]);
      const ip = await limited.app.inject({ url: '/test/ip', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(ip.json().ip).toBe('127.0.0.1');
    } finally {
      await limited.close();
    }
  });

  it('with TRUST_PROXY=127.0.0.1 the proxy’s X-Forwarded-For is the client address', async () => {
    const proxied = await buildTestApp({
      env: { LOGIN_RATE_MAX_PER_IP: '3', TRUST_PROXY: '127.0.0.1' },
      routes: whoAmI,
    });
    try {
      const ip = await proxied.app.inject({ url: '/test/ip', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(ip.json().ip).toBe('203.0.113.9');
      // Each client behind the proxy has its own budget.
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(proxied.app, `nobody${i}@example.com`, `203.0.113.${i + 1}`)).statusCode).toBe(422);
      }
      // One client is still limited.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await sendCode(proxied.app, `x${i}@example.com`, '198.51.100.7')).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
    } finally {
      await proxied.close();
    }
  });
});

describe('finding 10: security headers on every response', () => {
  function expectHeaders(res: { headers: Record<string, unknown> }, what: string) {
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    expect(res.headers['referrer-policy'], what).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
      "worker-src 'self' blob:",
      "child-src 'self' blob:",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp, `${what}: ${directive}`).toContain(directive);
    }
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/tile\.openstreetmap\.org ws:\/\/localhost:80 wss:\/\/localhost:80/,
    );
  }

  it('on /api answers, errors and not-found', async () => {
    expectHeaders(await t.app.inject({ url: '/api/health' }), 'health');
    expectHeaders(await t.app.inject({ url: '/api/booking' }), '401');
    expectHeaders(await t.app.inject({ url: '/api/booking', headers: bearer(admin) }), '200');
    expectHeaders(await t.app.inject({ url: '/api/nope' }), '404');
    expectHeaders(
      await t.app.inject({ method: 'POST', url: '/api/admin_send_code', headers: JSON_TYPE, payload: '{"a":' }),
      'bad JSON',
    );
  });

  it('on index.html and the SPA files', async () => {
    const index = await t.app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expectHeaders(index, 'index.html');
    const script = await t.app.inject({ url: '/app.js' });
    expect(script.statusCode).toBe(200);
    expectHeaders(script, 'app.js');
  });

  it('the tile server of TILE_URL becomes a CSP source', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.com:8443');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});
