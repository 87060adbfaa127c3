import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seedBase, seedDemo } from '../src/db/seed';
import type { Clock } from '../src/lib/clock';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The server-pg Vitest project sets TAXI_TEST_DB=postgres (and needs TEST_DATABASE_URL). */
const usePostgres = () => process.env.TAXI_TEST_DB === 'postgres';

async function freshPostgres(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh app on a fresh database (in-memory PGlite, or a new PostgreSQL database per file in the
 * server-pg project), migrated and seeded with the demo staff. `env` overrides configuration;
 * `routes` registers test-only routes before the app is ready; `onRoute` sees every route registered.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    routes?: (app: FastifyInstance) => void | Promise<void>;
    onRoute?: (route: RouteOptions) => void;
    /** The server's clock (a ManualClock to move time by hand). */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
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
  if (usePostgres()) ({ database, drop } = await freshPostgres());
  else database = await openDatabase();
  await database.migrate();
  await seedBase(database.db);
  // Scale 0: staff, city and catalogues, but none of the generated volume (tests make their own rows).
  await seedDemo(database.db, { log: () => {}, scale: 0 });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
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
