/**
 * Fuzzing in CI (issue 9): every route of Fastify's own route table (collected with an onRoute hook,
 * so a new route is covered without touching this file) gets malformed input — wrong types, huge and
 * negative numbers, int4 overflow, NUL and RTL characters, 1 MB strings, deep and `__proto__` keys,
 * malformed JSON and multipart, missing and garbage tokens, `_method` tricks — with a valid admin token
 * and without one. Any 5xx, any hang and any body that leaks a stack trace or a source path fails.
 *
 * Every key-like parameter of every route (in the query, the body and the path: names like sortBy, order,
 * filter, field, key, column, group, by, search…, and every enum-like string parameter) also gets the names
 * of Object's own members as its value (`__proto__`, `constructor`, `prototype`, `toString`,
 * `hasOwnProperty`), and every route gets them as parameter names: a key the request names must never be
 * looked up through a prototype. A parameter its schema refuses (422) is dropped and the rest sent again, so
 * the handler sees every value the schemas let through.
 *
 * Inputs are drawn by fast-check from a fixed seed (one per route), so a run is reproducible; the
 * number of draws per route is bounded so the whole walk stays within a few minutes on PGlite.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

const SEED = 20_260_509;
/** fast-check draws per route-method with the admin token (plus the fixed cases below). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 14);
const REQUEST_TIMEOUT_MS = 15_000;
const ADMIN = 'admin@example.com';

const MB = 'x'.repeat(1024 * 1024);
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u202eevil\u202c',
  '\ud800',
  '😀',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-13-45',
  '2026-02-30T25:61:00Z',
  '<script>alert(1)</script>',
  "' OR 1=1--",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'a'.repeat(300),
  MB,
];
const NASTY_NUMBERS = [2_147_483_648, -2_147_483_649, 2 ** 53 + 1, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER];
/** Field names every body gets a chance of carrying, besides the route's own schema keys. */
const COMMON_KEYS = [
  'id',
  'name',
  'search',
  'page',
  'perPage',
  'sortBy',
  'descending',
  'booking_id',
  'captain_id',
  'order_id',
  'passenger_id',
  'service_id',
  'user_id',
  'role_id',
  'first_name',
  'last_name',
  'email',
  'status',
  'datetime',
  'lon',
  'lat',
  'permissions',
];
/** Object's own members: as a key-like parameter's value, and as parameter names. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
/** Names that name a column, a key or a group: key-like wherever they appear in a schema. */
const KEY_LIKE_NAME =
  /sort|order|filter|field|key|column|group|(^|_)by($|_)|search|kind|type|status|layer|role|mode|purpose|channel|audience|direction|outcome|season|when|lang|theme|event|method|target|recurrence|^name$|^code$/i;
/** Key-like names every route's query (and body) gets, whether its schema has them or not. */
const COMMON_KEY_NAMES = [
  'sort',
  'sortBy',
  'orderBy',
  'order',
  'filter',
  'field',
  'key',
  'column',
  'columns',
  'group',
  'groupBy',
  'by',
  'search',
];

/** Path parameter values: never an id that resolves to 1 (the admin's user and role). */
const PARAM_VALUES = [
  '2',
  '3',
  '999999',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'abc',
  '2.5',
  '%00',
  'a%00b',
  '%E2%80%AE2',
  '%C0%AE',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(2000),
];

type Json = unknown;
type BodyKind = 'json' | 'urlencoded' | 'multipart' | 'none';

interface Probe {
  label: string;
  /** `METHOD /url` of the route table. */
  route?: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

interface RouteMethod {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

// ---------------------------------------------------------------- route table and schema keys

/** Keys of a zod object schema (through optional, default, pipe, preprocess, union...). Best effort. */
function schemaKeys(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  if (def.type === 'object' && def.shape && typeof def.shape === 'object') return Object.keys(def.shape);
  const inner = ['innerType', 'in', 'out', 'schema'].flatMap((k) => schemaKeys(def[k], depth + 1));
  const options = Array.isArray(def.options) ? def.options.flatMap((o) => schemaKeys(o, depth + 1)) : [];
  return [...new Set([...inner, ...options])];
}

/** The innermost schema of a field (through optional, default, nullable, pipe, preprocess...). */
function leafOf(schema: unknown, depth = 0): Record<string, unknown> | undefined {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return def;
  if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(String(def.type)))
    return leafOf(def.innerType, depth + 1);
  if (def.type === 'pipe') {
    // A preprocess is a pipe from a transform: the schema after it says what is accepted.
    const inner = (def.in as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def;
    return leafOf(inner?.type === 'transform' ? def.out : def.in, depth + 1);
  }
  return def;
}

/** A string enum, a string literal, or a union of them: a parameter that names one of a few things. */
function isEnumLike(def: Record<string, unknown> | undefined, depth = 0): boolean {
  if (!def || depth > 4) return false;
  if (def.type === 'enum') return true;
  if (def.type === 'literal') return (def.values as unknown[] | undefined)?.some((v) => typeof v === 'string') ?? false;
  if (def.type === 'union' && Array.isArray(def.options))
    return def.options.some((o) => isEnumLike(leafOf(o), depth + 1));
  return false;
}

/** The key-like fields of an object schema (top level): by name, or because they take one of a few strings. */
function keyLikeKeys(schema: unknown): string[] {
  const def = leafOf(schema);
  if (def?.type !== 'object' || !def.shape || typeof def.shape !== 'object') return [];
  return Object.entries(def.shape as Record<string, unknown>)
    .filter(([name, field]) => KEY_LIKE_NAME.test(name) || isEnumLike(leafOf(field)))
    .map(([name]) => name);
}

/** A route's own seed: adding a route does not change the draws of the others. */
function seedOf(key: string): number {
  let hash = SEED;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

function fillParams(url: string, value: string): string {
  return url.replace(/:(\w+)/g, () => value);
}

// ---------------------------------------------------------------- bodies

function formEntries(key: string, value: Json, depth = 0): [string, string][] {
  if (value === null || value === undefined) return [[key, '']];
  if (Array.isArray(value)) return value.flatMap((v, i) => formEntries(`${key}[${i}]`, v, depth + 1));
  if (typeof value === 'object' && depth < 8) {
    return Object.entries(value as Record<string, Json>).flatMap(([k, v]) => formEntries(`${key}[${k}]`, v, depth + 1));
  }
  return [[key, String(value)]];
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

function urlencoded(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
}

function multipartBody(entries: [string, string][], files: { name: string; filename: string; data: Buffer }[] = []) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of entries) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function withBody(
  probe: Omit<Probe, 'payload'>,
  kind: BodyKind,
  body: Record<string, Json>,
): Pick<Probe, 'headers' | 'payload'> {
  const headers = { ...probe.headers };
  if (kind === 'none') return { headers };
  if (kind === 'json')
    return { headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) };
  const entries = Object.entries(body).flatMap(([k, v]) => formEntries(k, v));
  if (kind === 'urlencoded') {
    return {
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: urlencoded(entries),
    };
  }
  const mp = multipartBody(entries, [{ name: 'file', filename: 'x.bin', data: randomBytes(32) }]);
  return { headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload };
}

// ---------------------------------------------------------------- fast-check arbitraries

const leaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<Json>(true, false, null) },
);
const value: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '0', '__proto__', 'name'), leaf, { maxKeys: 2 }) },
);

function requestArb(keys: string[], isPost: boolean) {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...(keys.length ? keys : COMMON_KEYS)) },
    { weight: 2, arbitrary: fc.constantFrom(...COMMON_KEYS) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
  );
  const fields = fc.dictionary(key, value, { maxKeys: 6 });
  return fc.record({
    param: fc.constantFrom(...PARAM_VALUES),
    query: fields,
    body: fields,
    kind: fc.constantFrom<BodyKind>('json', 'urlencoded', 'multipart', 'none'),
    override: isPost
      ? fc.option(fc.constantFrom<Json>('DELETE', 'PUT', 'PATCH', 'GET', 'delete', 'garbage', '', ['PUT', 'DELETE']), {
          nil: undefined,
        })
      : fc.constant(undefined),
  });
}

// ---------------------------------------------------------------- fixed malformed cases

function deepKey(levels: number): string {
  return `a${'[x]'.repeat(levels)}`;
}

function fixedProbes(route: RouteMethod, token: string): Probe[] {
  const auth = bearer(token);
  const url = fillParams(route.url, '2');
  const m = route.method;
  const probes: Probe[] = [
    // no token, garbage tokens
    { label: 'no token', method: m, url },
    { label: 'garbage token', method: m, url, headers: { authorization: 'Bearer garbage' } },
    { label: 'long token', method: m, url, headers: { authorization: `Bearer ${'A'.repeat(10_000)}` } },
    { label: 'basic auth', method: m, url, headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
    { label: 'empty bearer', method: m, url, headers: { authorization: 'Bearer ' } },
    { label: 'int4 param', method: m, url: fillParams(route.url, '2147483648'), headers: auth },
    { label: 'NUL param', method: m, url: fillParams(route.url, 'a%00'), headers: auth },
    { label: 'NUL query', method: m, url: `${url}?search=%00&name=a%00b&id=%00`, headers: auth },
    {
      label: 'int4 query',
      method: m,
      url: `${url}?captain_id=2147483648&order_id=2147483648&page=2147483648&perPage=2147483648&id=-2147483649`,
      headers: auth,
    },
    { label: 'huge query', method: m, url: `${url}?search=${'y'.repeat(100_000)}`, headers: auth },
    {
      label: 'deep query',
      method: m,
      url: `${url}?${encodeURIComponent(deepKey(50))}=1&__proto__[public]=1`,
      headers: auth,
    },
  ];
  if (m !== 'GET') {
    const json = (label: string, payload: string, headers: Record<string, string> = auth) =>
      probes.push({ label, method: m, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
    json('malformed JSON', '{"a":');
    json('JSON __proto__', '{"__proto__":{"public":true},"name":"x"}');
    json('JSON constructor.prototype', '{"constructor":{"prototype":{"public":true}}}');
    json('JSON deep', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    json('JSON scalar', '2147483648');
    json('JSON null', 'null');
    json(
      'JSON 1MB names',
      JSON.stringify(
        Object.fromEntries(
          ['name', 'first_name', 'last_name', 'search', 'email', 'reason', 'note'].map((k) => [k, MB]),
        ),
      ),
    );
    json(
      'JSON NUL names',
      JSON.stringify(
        Object.fromEntries(
          ['name', 'first_name', 'last_name', 'reason', 'number', 'note', 'whatsapp_number'].map((k) => [
            k,
            `a\u0000b`,
          ]),
        ),
      ),
    );
    json(
      'JSON int4 ids',
      JSON.stringify(
        Object.fromEntries(
          [
            'id',
            'booking_id',
            'captain_id',
            'order_id',
            'passenger_id',
            'service_id',
            'role_id',
            'color_id',
            'car_model_id',
            'place_id',
          ].map((k) => [k, 2_147_483_648]),
        ),
      ),
    );
    json('JSON proto no token', '{"__proto__":{"public":true}}', {});
    const form = (label: string, payload: string, headers: Record<string, string> = auth) =>
      probes.push({
        label,
        method: m,
        url,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    form('form __proto__', '__proto__[public]=1&constructor[prototype][public]=1');
    form('form __proto__ no token', '__proto__[public]=1', {});
    form('form deep key', `${encodeURIComponent(deepKey(20_000))}=1`);
    form('form deep key no token', `${encodeURIComponent(deepKey(20_000))}=1`, {});
    form('form 600 keys', Array.from({ length: 600 }, (_, i) => `k${i}=1`).join('&'));
    form('form _method garbage', '_method=GARBAGE');
    form('form _method GET', '_method=GET');
    form('form _method DELETE', '_method=DELETE&id=2147483648');
    form('form _method PUT NUL', '_method=PUT&name=a%00b&first_name=%00');
    form('form _method array', '_method[]=PUT&_method[]=DELETE');
    const mp = (label: string, payload: Buffer | string, contentType: string, headers: Record<string, string> = auth) =>
      probes.push({ label, method: m, url, headers: { ...headers, 'content-type': contentType }, payload });
    const good = multipartBody([
      ['name', 'x'],
      ['_method', 'PUT'],
    ]);
    mp('multipart no boundary', good.payload, 'multipart/form-data');
    mp('multipart truncated', good.payload.subarray(0, good.payload.length - 20), good.contentType);
    mp('multipart garbage', randomBytes(256), good.contentType);
    mp('multipart empty', Buffer.alloc(0), good.contentType);
    mp('multipart bad header', '--b\r\nContent-Disposition\r\n\r\nzz', 'multipart/form-data; boundary=b');
    const proto = multipartBody([
      ['__proto__[public]', '1'],
      ['constructor[prototype][public]', '1'],
    ]);
    mp('multipart __proto__', proto.payload, proto.contentType);
    mp('multipart __proto__ no token', proto.payload, proto.contentType, {});
    const deep = multipartBody([[deepKey(20_000), '1']]);
    mp('multipart deep key', deep.payload, deep.contentType);
    const plainProto = multipartBody([['__proto__', '1']]);
    mp('multipart __proto__ field', plainProto.payload, plainProto.contentType);
    probes.push({
      label: 'text/plain body',
      method: m,
      url,
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    probes.push({ label: 'no content-type body', method: m, url, headers: auth, payload: 'hello' });
  }
  return probes;
}

// ---------------------------------------------------------------- the walk

const STACK = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|\/src\/|node_modules|\.tsx?:\d+|file:\/\//;

let t: TestApp;
const routeTable: RouteMethod[] = [];

beforeAll(async () => {
  const seen = new Set<string>();
  t = await buildTestApp({
    env: { SIMULATOR: 'off' },
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        if (method === 'HEAD' || !route.url.startsWith('/api') || seen.has(key)) continue;
        seen.add(key);
        routeTable.push({ method, url: route.url, schema: route.schema });
      }
    },
  });
  // Rows 1 to 3 of the people and bookings, so that ids 2 and 3 of the paths reach real handlers.
  for (let i = 0; i < 3; i++) {
    await makePassenger(t.db);
    await makeCaptain(t.db);
    await makeBooking(t.db);
  }
});
afterAll(() => t?.close());

it('no route answers 5xx, hangs or leaks a stack trace to malformed input', { timeout: 900_000 }, async () => {
  const started = Date.now();
  expect(routeTable.length).toBeGreaterThan(100);
  let token = await login(t.app, ADMIN);
  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  let requests = 0;
  const slowest = new Map<string, number>();
  const okByRoute = new Map<string, number>();

  let hostileRequests = 0;

  /** Sends a probe; the answer (undefined when it hung or threw). */
  async function send(probe: Probe) {
    requests++;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
    });
    const sent = Date.now();
    try {
      const res = await Promise.race([
        t.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: probe.headers,
          payload: probe.payload,
        }),
        timeout,
      ]);
      const where = `${probe.method} ${probe.url.slice(0, 120)} [${probe.label}]`;
      if (res === 'timeout') {
        failures.push(`hang: ${where}`);
        return undefined;
      }
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode < 300 && probe.route) okByRoute.set(probe.route, (okByRoute.get(probe.route) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${res.statusCode}: ${where} → ${res.body.slice(0, 200)}`);
      else if (STACK.test(res.body.slice(0, 200_000)))
        failures.push(`stack trace: ${where} → ${res.body.slice(0, 300)}`);
      return res;
    } catch (error) {
      failures.push(`inject threw: ${probe.method} ${probe.url.slice(0, 120)} [${probe.label}]: ${String(error)}`);
    } finally {
      clearTimeout(timer);
      const label = probe.label;
      slowest.set(label, (slowest.get(label) ?? 0) + Date.now() - sent);
    }
    return undefined;
  }

  /** The fields a 422 names (their first segment: `roles.0` is `roles`). */
  const refusedFields = (body: string): Set<string> => {
    try {
      const errors = (JSON.parse(body) as { errors?: Record<string, unknown> }).errors ?? {};
      return new Set(Object.keys(errors).map((k) => k.split('.')[0]));
    } catch {
      return new Set();
    }
  };

  /**
   * Object's own member names as the value of every key-like parameter of the route (query, JSON body, path),
   * then as parameter names. The fields a 422 refuses are dropped and the rest sent again (at most three
   * rounds), so a value every schema lets through reaches the handler.
   */
  async function sendHostile(route: RouteMethod, routeKey: string, token: string) {
    const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const locations: { where: 'query' | 'body'; keys: string[] }[] = [
      { where: 'query', keys: [...new Set([...keyLikeKeys(schema?.querystring), ...COMMON_KEY_NAMES])] },
    ];
    if (hasBody)
      locations.push({ where: 'body', keys: [...new Set([...keyLikeKeys(schema?.body), ...COMMON_KEY_NAMES])] });
    const url = fillParams(route.url, '2');
    const probe = (label: string, query: Record<string, string>, body?: Record<string, unknown>): Probe => {
      const qs = urlencoded(Object.entries(query));
      return {
        label,
        route: routeKey,
        method: route.method,
        url: qs ? `${url}?${qs}` : url,
        headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
        payload: body ? JSON.stringify(body) : undefined,
      };
    };
    for (const value of HOSTILE_KEYS) {
      for (const { where, keys: all } of locations) {
        let keys = all;
        for (let round = 0; round < 3 && keys.length > 0; round++) {
          const fields = Object.fromEntries(keys.map((k) => [k, value]));
          hostileRequests++;
          const res = await send(
            where === 'query' ? probe(`hostile ${where}`, fields) : probe(`hostile ${where}`, {}, fields),
          );
          if (res?.statusCode !== 422) break;
          const refused = refusedFields(res.body);
          const left = keys.filter((k) => !refused.has(k));
          if (left.length === keys.length) break;
          keys = left;
        }
      }
      // The path's own parameters (ids, a layer, a code, a file name).
      if (/:\w+/.test(route.url)) {
        hostileRequests++;
        await send({
          label: 'hostile param',
          route: routeKey,
          method: route.method,
          url: fillParams(route.url, encodeURIComponent(value)),
          headers: bearer(token),
        });
      }
    }
    // The same names as parameter names: in the query, in a JSON body (`__proto__` there is the fixed probes' 400)
    // and in a form.
    const named = Object.fromEntries(HOSTILE_KEYS.map((k) => [k, 'x']));
    const { __proto__: _proto, ...jsonNamed } = named;
    hostileRequests++;
    await send(probe('hostile names query', named));
    if (hasBody) {
      hostileRequests += 2;
      await send(probe('hostile names JSON', {}, jsonNamed));
      await send({
        label: 'hostile names form',
        route: routeKey,
        method: route.method,
        url,
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: urlencoded(Object.entries(named)),
      });
    }
  }

  for (const route of routeTable) {
    const isPost = route.method === 'POST';
    const keys = [
      ...new Set([
        ...schemaKeys((route.schema as { body?: unknown } | undefined)?.body),
        ...schemaKeys((route.schema as { querystring?: unknown } | undefined)?.querystring),
      ]),
    ];
    const routeKey = `${route.method} ${route.url}`;
    for (const probe of fixedProbes(route, token)) await send({ ...probe, route: routeKey });
    await sendHostile(route, routeKey, token);

    const draws = fc.sample(requestArb(keys, isPost), { seed: seedOf(routeKey), numRuns: RUNS_PER_ROUTE });
    for (const draw of draws) {
      const url = fillParams(route.url, draw.param);
      const query = urlencoded(Object.entries(draw.query).flatMap(([k, v]) => formEntries(k, v)));
      const body: Record<string, Json> = { ...draw.body };
      if (draw.override !== undefined) body._method = draw.override;
      const base = {
        label: `fc ${draw.kind}`,
        method: route.method,
        url: query ? `${url}?${query}` : url,
        headers: bearer(token),
      };
      const kind = route.method === 'GET' ? 'none' : draw.kind;
      await send({ ...base, ...withBody(base, kind, body), route: routeKey });
    }

    // A route that revoked the token (logout) or otherwise spoiled the session: sign in again.
    const check = await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    if (check.statusCode !== 200) token = await login(t.app, ADMIN);
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const statuses = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  const classes = new Map<string, number>();
  for (const [status, n] of byStatus)
    classes.set(`${Math.floor(status / 100)}xx`, (classes.get(`${Math.floor(status / 100)}xx`) ?? 0) + n);
  const byClass = ['1xx', '2xx', '3xx', '4xx', '5xx']
    .filter((c) => classes.has(c) || c === '5xx')
    .map((c) => `${c} ${classes.get(c) ?? 0}`);
  console.log(
    `fuzz: ${routeTable.length} route-methods, ${requests} requests (${hostileRequests} with Object member names as keys) in ${seconds} s; ${byClass.join(', ')}; statuses ${statuses.join(', ')}; failures ${failures.length}`,
  );
  if (process.env.FUZZ_VERBOSE) {
    const top = [...slowest.entries()].sort(([, a], [, b]) => b - a).slice(0, 15);
    console.log(`time by probe (ms): ${top.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    const never = routeTable.map((r) => `${r.method} ${r.url}`).filter((k) => !okByRoute.has(k));
    console.log(`routes never answering 2xx (${never.length}): ${never.join(', ')}`);
  }
  if (failures.length) console.log(failures.slice(0, process.env.FUZZ_VERBOSE ? undefined : 80).join('\n'));
  // Every demo value is still sane: nothing polluted Object.prototype on the way.
  expect(({} as Record<string, unknown>).public).toBeUndefined();
  expect(failures).toEqual([]);
});
