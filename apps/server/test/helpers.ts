import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClientToServerEvents, ServerToClientEvents } from '@taxi/shared';
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import pg from 'pg';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed';
import { type Clock, systemClock } from '../src/lib/clock';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

let pgliteDump: Uint8Array<ArrayBuffer> | undefined;
/** The run's seeded PGlite data directory, read once per worker. */
export function seededPglite(): Blob {
  pgliteDump ??= new Uint8Array(readFileSync(inject('seededPgliteDump')));
  return new Blob([pgliteDump]);
}

/** The server-pg Vitest project sets TAXI_TEST_DB=postgres (and needs TEST_DATABASE_URL). */
const usePostgres = () => process.env.TAXI_TEST_DB === 'postgres';

/** A new PostgreSQL database, a copy of the run's seeded template (global-seed.ts): its URL, and how to drop it. */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('seededPgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function freshPostgres(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { url, drop } = await freshPostgresUrl();
  return { database: await openDatabase({ databaseUrl: url }), drop };
}

/**
 * A fresh app on a fresh database (in-memory PGlite, or a new PostgreSQL database per file in the
 * server-pg project), migrated and seeded with the demo staff. `env` overrides configuration;
 * `routes` registers test-only routes before the app is ready; `onRoute` sees every route registered.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  routes?: (app: FastifyInstance) => void | Promise<void>;
  onRoute?: (route: RouteOptions) => void;
  /** The server's clock (a ManualClock to move time by hand). */
  clock?: Clock;
  /** Logger options (a stream to read the log lines from); none: no logger. */
  logger?: BuildAppOptions['logger'];
  /** Serve the web app's dist folder (config WEB_DIST) with its client-route fallback. */
  serveWeb?: boolean;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-test-'));
  const config = loadConfig({
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_MAX_PER_IP: '10000',
    LOGIN_RATE_MAX_PER_ACCOUNT: '10000',
    ...options.env,
  });
  let drop = async () => {};
  let database: Database;
  // Migrated and seeded once per run (global-seed.ts: staff, city and catalogues at scale 0); each file
  // starts from its own copy.
  if (usePostgres()) ({ database, drop } = await freshPostgres());
  else database = await openDatabase({ loadDataDir: seededPglite() });
  const app = await buildApp({
    config,
    db: database.db,
    logger: options.logger ?? false,
    serveWeb: options.serveWeb,
    onRoute: options.onRoute,
    clock: options.clock,
  });
  if (options.routes) await options.routes(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A request carrying the holder of `token`'s bearer header, with an optional body. */
export const requestAs = (
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  token: string,
  payload?: InjectOptions['payload'],
) => app.inject({ method, url, headers: bearer(token), payload });

/** `call(method, 'path under /api', token or null, body?)` on this app: the API tests' shorthand. */
export const apiCaller =
  (app: () => FastifyInstance) => (method: HTTPMethods, url: string, token: string | null, payload?: unknown) =>
    app().inject({
      method,
      url: `/api/${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

export const loginBody = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: DEMO_PASSWORD,
  provider: 'users',
  remember_me: false,
  ...extra,
});

/** The code of the newest outbox mail to `email`. */
export async function lastCode(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const mail = (res.json().data as { to: string; code: string }[]).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail.code;
}

/** The whole two-step login; returns the access token. */
export async function login(app: FastifyInstance, email: string): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody(email) });
  if (sent.statusCode !== 200) throw new Error(`send code failed: ${sent.body}`);
  const code = await lastCode(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/admin_login', payload: loginBody(email, { code }) });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().data.accessToken as string;
}

/** The code of the newest SMS to `e164` in the development outbox (its message's job run first), or null. */
export async function lastSmsCode(app: FastifyInstance, e164: string): Promise<string | null> {
  await app.jobs.runDue();
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const sms = (res.json().data as { channel: string; to: string; text: string }[]).find(
    (m) => m.channel === 'sms' && m.to === e164,
  );
  // The digits of phone numbers in the text are not the code.
  return sms ? (/\b(\d{6})\b/.exec(sms.text.replace(/\+\d{8,15}/g, ''))?.[1] ?? null) : null;
}

/** The captain app's sign-in (code by SMS, then login); returns the captain session's token. */
export async function captainLogin(app: FastifyInstance, e164: string): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: '/api/captain-app/send_code', payload: { phone: e164 } });
  if (sent.statusCode !== 200) throw new Error(`captain send code failed: ${sent.body}`);
  const code = await lastSmsCode(app, e164);
  const res = await app.inject({ method: 'POST', url: '/api/captain-app/login', payload: { phone: e164, code } });
  if (res.statusCode !== 200) throw new Error(`captain login failed: ${res.body}`);
  return res.json().data.token as string;
}

/** A multipart body for app.inject. */
export function multipart(fields: Record<string, string | { filename: string; type: string; data: Buffer }>) {
  const boundary = `----taxi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Listens on a free loopback port (socket tests) and returns the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** The wall clock unless a test pins it (set `pinned`, then back to null). */
export class PinnableClock implements Clock {
  pinned: number | null = null;
  now(): number {
    return this.pinned ?? systemClock.now();
  }
}

/** Logs each of these demo staff in; their access tokens in the same order. */
export const loginAll = (app: FastifyInstance, ...emails: string[]): Promise<string[]> =>
  Promise.all(emails.map((email) => login(app, email)));

/**
 * One test app for the whole file: built in `beforeAll` (before the file's own hooks) and closed in
 * `afterAll`. Its fields can be read once the file's tests or hooks run.
 */
export function testAppForFile(options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  const ready = () => {
    if (!built) throw new Error('the test app is built in beforeAll');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get config() {
      return ready().config;
    },
    close: () => ready().close(),
  };
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ListeningTestApp extends TestApp {
  /** The loopback base URL. */
  readonly base: string;
  /** A socket client with this token (websocket, no reconnection), disconnected at the end of the file. */
  socket(token: string, options?: Partial<ManagerOptions & SocketOptions>): ClientSocket;
  /** The same once connected; rejects on connect_error. */
  connected(token: string, options?: Partial<ManagerOptions & SocketOptions>): Promise<ClientSocket>;
}

/** `testAppForFile` listening on loopback, for socket clients. */
export function listeningAppForFile(options: TestAppOptions = {}): ListeningTestApp {
  const t = testAppForFile(options);
  const sockets: ClientSocket[] = [];
  let base = '';
  beforeAll(async () => {
    base = await listenOnLoopback(t.app);
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  const socket = (token: string, extra: Partial<ManagerOptions & SocketOptions> = {}): ClientSocket => {
    const s: ClientSocket = io(base, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      ...extra,
    });
    sockets.push(s);
    return s;
  };
  return {
    get app() {
      return t.app;
    },
    get db() {
      return t.db;
    },
    get config() {
      return t.config;
    },
    close: () => t.close(),
    get base() {
      return base;
    },
    socket,
    async connected(token, extra) {
      const s = socket(token, extra);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    },
  };
}

/** The next `event` on the socket (whose payload passes `match`, when given); rejects after `ms`. */
export function nextEvent<T>(socket: Socket | ClientSocket, event: string, match?: (payload: T) => boolean, ms = 5000) {
  const s = socket as Socket;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, handler);
      reject(new Error(`no ${event}`));
    }, ms);
    function handler(payload: T) {
      if (match && !match(payload)) return;
      clearTimeout(timer);
      s.off(event, handler);
      resolve(payload);
    }
    s.on(event, handler);
  });
}

/**
 * The Redis of the tests that need one: TEST_REDIS_URL, once it answers. Without it these tests are skipped
 * (null), except in CI (CI=true), where a missing or unreachable Redis fails the run.
 */
export async function testRedisUrl(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL;
  const ci = process.env.CI === 'true';
  if (!url) {
    if (ci) throw new Error('TEST_REDIS_URL is required in CI');
    return null;
  }
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    if (ci) throw new Error(`Redis is required in CI (${url}): ${String(error)}`);
    return null;
  } finally {
    client.disconnect();
  }
}

/** Deletes the keys under a test's Redis prefix. */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
