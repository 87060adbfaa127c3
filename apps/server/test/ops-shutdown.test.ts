import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publicRule } from '@taxi/shared';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed';
import { createShutdown } from '../src/ops/shutdown';
import { makeCaptain } from './factories';
import {
  bearer,
  buildTestApp,
  dropRedisPrefix,
  freshPostgresUrl,
  listenOnLoopback,
  login,
  seededPglite,
  type TestApp,
} from './helpers';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A test-only slow route: answers 200 once `release` is called. */
async function appWithSlowRoute() {
  let entered!: () => void;
  const inFlight = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  t = await buildTestApp({
    routes: (app) => {
      app.get('/api/test/slow', { config: { policy: publicRule('test.slow') } }, async () => {
        entered();
        await released;
        return { data: 'finished' };
      });
    },
  });
  return { t, inFlight, release };
}

describe('graceful shutdown', () => {
  it('finishes the in-flight request, disconnects sockets, closes the database, then refuses connections', async () => {
    const { t, inFlight, release } = await appWithSlowRoute();
    const base = await listenOnLoopback(t.app);
    const token = await login(t.app, 'dispatcher@example.com');
    const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const socketGone = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const slow = fetch(`${base}/api/test/slow`);
    await inFlight;
    const order: string[] = [];
    const shutdown = createShutdown({
      app: t.app,
      timeoutMs: 5000,
      before: async () => void order.push('before'),
      closeDatabase: async () => void order.push('database'),
    });
    const done = shutdown('test');
    expect(shutdown('again')).toBe(done); // idempotent
    await socketGone;
    // Still waiting for the slow request.
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['before']);
    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: 'finished' });
    expect(await done).toEqual({ forced: false });
    expect(order).toEqual(['before', 'database']);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    socket.disconnect();
  });

  it('cuts a request that outlasts the timeout and still closes the database', async () => {
    const { t, inFlight, release } = await appWithSlowRoute();
    const base = await listenOnLoopback(t.app);
    const slow = fetch(`${base}/api/test/slow`).then(
      (r) => r.status,
      () => 'cut',
    );
    await inFlight;
    let closed = false;
    const result = await createShutdown({
      app: t.app,
      timeoutMs: 200,
      closeDatabase: async () => {
        closed = true;
      },
    })('test');
    expect(result).toEqual({ forced: true });
    expect(closed).toBe(true);
    expect(await slow).toBe('cut');
    release();
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});

// ------------------------------------------------------------------ the real server process

/**
 * The server as `npm start` runs it (node with the package's flags and tsx, src/main.ts), without building
 * the web, on a free port and a data directory of its own: the run's seeded database (a copy of the PGlite
 * dump, or of the PostgreSQL template in the server-pg project) with a few captains for the simulator, which
 * runs, and the jobs, which poll. Found: after SIGTERM the port closed but the process stayed alive (its
 * output on a pipe nobody read: the logger's exit flush waited for it forever), and with the pipe's reader
 * gone it died of an uncaught EPIPE before listening, or, later, stopped answering and ignored SIGTERM.
 */
const SHUTDOWN_TIMEOUT_MS = 5000;
/** The bound: SHUTDOWN_TIMEOUT_MS and 2 s. */
const EXIT_BOUND_MS = SHUTDOWN_TIMEOUT_MS + 2000;
const onPostgres = process.env.TAXI_TEST_DB === 'postgres';

interface Server {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** What it wrote to stdout and stderr while someone read them. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  cleanup: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A data directory (and a database) for one server process. */
async function serverData(): Promise<{ dataDir: string; env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-spawn-'));
  const web = path.join(dataDir, 'web');
  mkdirSync(web);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>x</title>');
  const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST: web };
  let drop = async () => {};
  let database: Database;
  if (onPostgres) {
    const fresh = await freshPostgresUrl();
    env.DATABASE_URL = fresh.url;
    drop = fresh.drop;
    // As a node of several: its Redis connections (adapter, position relay, limits) close too.
    if (process.env.TEST_REDIS_URL) {
      env.REDIS_URL = process.env.TEST_REDIS_URL;
      env.REDIS_PREFIX = `test-spawn-${randomBytes(4).toString('hex')}`;
      const prefix = env.REDIS_PREFIX;
      drop = async () => {
        await fresh.drop();
        await dropRedisPrefix(process.env.TEST_REDIS_URL as string, prefix);
      };
    }
    database = await openDatabase({ databaseUrl: fresh.url });
  } else {
    database = await openDatabase({ dataDir, loadDataDir: seededPglite() });
  }
  // A few captains with cars: the simulator drives them.
  for (let i = 0; i < 10; i++) await makeCaptain(database.db, {}, { vehicleType: 'sedan' });
  await database.close();
  return { dataDir, env, drop };
}

/** The package's node flags (`npm start -w @taxi/server` runs `node $npm_package_config_node_flags`). */
const nodeFlags = (JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')).config.node_flags as string)
  .split(' ')
  .filter(Boolean);

async function startServer(opts: { readers?: 'kept' | 'destroyed at once' | 'never read' } = {}): Promise<Server> {
  const { dataDir, env, drop } = await serverData();
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      APP_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      SIMULATOR: 'on',
      SIM_BOOKINGS_PER_HOUR: '3600',
      JOB_POLL_MS: '200',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const readers = opts.readers ?? 'kept';
  if (readers === 'destroyed at once') {
    child.stdout?.destroy();
    child.stderr?.destroy();
  } else if (readers === 'kept') {
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const server: Server = {
    child,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  spawned.push(server);
  // Listening once /api/health answers (its output may be unreadable).
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (const started = performance.now(); ; ) {
    if (gone) throw new Error(`the server exited while starting: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (performance.now() - started > 150_000) throw new Error(`no answer in 150 s: ${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return server;
}

const spawned: Server[] = [];
afterEach(async () => {
  for (const server of spawned.splice(0)) await server.cleanup();
});

/** The two-step sign-in over HTTP; the access token. */
async function signIn(base: string): Promise<string> {
  const body = (extra: object = {}) =>
    JSON.stringify({ username: 'dispatcher@example.com', password: DEMO_PASSWORD, provider: 'users', ...extra });
  const headers = { 'content-type': 'application/json' };
  const sent = await fetch(`${base}/api/admin_send_code`, { method: 'POST', headers, body: body() });
  expect(sent.status).toBe(200);
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { data: { to: string; code: string }[] };
  const code = outbox.data.find((m) => m.to === 'dispatcher@example.com')?.code;
  const res = await fetch(`${base}/api/admin_login`, { method: 'POST', headers, body: body({ code }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** The simulator and the jobs are running: it said so (on its output, or in its fallback log file), and ran a while. */
async function simulatorRunning(server: Server): Promise<void> {
  const said = () => {
    const file = path.join(server.dataDir, 'logs', 'server.log');
    return /Simulator: \d+ captains/.test(server.output() + (existsSync(file) ? readFileSync(file, 'utf8') : ''));
  };
  for (let i = 0; i < 600 && !said(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(said()).toBe(true);
  await new Promise((r) => setTimeout(r, 1500));
}

/** Sends SIGTERM; how long the process took to exit, and how. */
async function terminate(server: Server) {
  const sent = performance.now();
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), EXIT_BOUND_MS + 10_000);
  const { code, signal, at } = await server.exited;
  clearTimeout(timer);
  return { code, signal, ms: Math.round(at - sent) };
}

async function connectSocket(base: string, token: string) {
  const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const SPAWN_TIMEOUT = 240_000;

describe(`the server process on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it(
    'ends within SHUTDOWN_TIMEOUT_MS + 2 s after SIGTERM, with a socket connected and the simulator and jobs running',
    async () => {
      const server = await startServer();
      const token = await signIn(server.base);
      const socket = await connectSocket(server.base, token);
      const socketGone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await simulatorRunning(server);
      const result = await terminate(server);
      const engine = onPostgres ? `PostgreSQL${process.env.TEST_REDIS_URL ? ' and Redis' : ''}` : 'PGlite';
      console.log(`shutdown (${engine}, socket, simulator, jobs): exit ${result.code} in ${result.ms} ms`);
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.ms).toBeLessThan(EXIT_BOUND_MS);
      await socketGone;
      socket.close();
      expect(server.output()).toMatch(/"msg":"shut down"/);
      if (!onPostgres) expect(existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false);
    },
    SPAWN_TIMEOUT,
  );

  it.skipIf(onPostgres)(
    'with its output on a pipe whose reader is gone from the start: it listens, answers, logs to its data dir, ends in time',
    async () => {
      const server = await startServer({ readers: 'destroyed at once' });
      const token = await signIn(server.base);
      for (let i = 0; i < 20; i++)
        expect((await fetch(`${server.base}/api/check_auth`, { headers: bearer(token) })).status).toBe(200);
      await simulatorRunning(server);
      const result = await terminate(server);
      console.log(`shutdown (output's reader gone before listening): exit ${result.code} in ${result.ms} ms`);
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.ms).toBeLessThan(EXIT_BOUND_MS);
      const log = readFileSync(path.join(server.dataDir, 'logs', 'server.log'), 'utf8');
      expect(log).toMatch(/output lost \(EPIPE\)/);
      expect(log).toMatch(/"msg":"shut down"/);
    },
    SPAWN_TIMEOUT,
  );

  it.skipIf(onPostgres)(
    'with its output on a pipe whose reader goes once it listens: requests still answer, SIGTERM ends it in time',
    async () => {
      const server = await startServer();
      const token = await signIn(server.base);
      const socket = await connectSocket(server.base, token);
      server.child.stdout?.destroy();
      server.child.stderr?.destroy();
      for (let i = 0; i < 20; i++)
        expect((await fetch(`${server.base}/api/check_auth`, { headers: bearer(token) })).status).toBe(200);
      await simulatorRunning(server);
      const result = await terminate(server);
      console.log(`shutdown (output's reader gone after listening): exit ${result.code} in ${result.ms} ms`);
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.ms).toBeLessThan(EXIT_BOUND_MS);
      socket.close();
      expect(readFileSync(path.join(server.dataDir, 'logs', 'server.log'), 'utf8')).toMatch(/output lost \(EPIPE\)/);
    },
    SPAWN_TIMEOUT,
  );

  it.skipIf(onPostgres)(
    'with its output on a pipe nobody reads (full): requests still answer, SIGTERM ends it in time',
    async () => {
      const server = await startServer({ readers: 'never read' });
      // Some megabytes of request logs: far more than the pipe holds.
      for (let round = 0; round < 100; round++) {
        const batch = Array.from({ length: 20 }, () => fetch(`${server.base}/api/health`).then((r) => r.status));
        expect(await Promise.all(batch)).toEqual(Array(20).fill(200));
      }
      const result = await terminate(server);
      console.log(`shutdown (output on a full pipe): exit ${result.code} in ${result.ms} ms`);
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.ms).toBeLessThan(EXIT_BOUND_MS);
    },
    SPAWN_TIMEOUT,
  );
});
