import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { publicRule } from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedBase } from '../src/db/seed';
import { genReqId } from '../src/ops/request-id';
import { bearer, buildTestApp, type TestApp } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    routes: (app) => {
      app.get('/api/test/boom', { config: { policy: publicRule('test.boom') } }, async () => {
        throw new Error('kaboom');
      });
    },
  });
});
afterAll(() => t.close());

describe('request id', () => {
  it('is a new UUID on every response when the caller sends none', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a caller's short safe X-Request-Id and replaces an unsafe one", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42.abc_DEF:9' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc_DEF:9');
    for (const bad of ['has space', 'x'.repeat(65), 'new\\nline', '<script>', 'é']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    expect(genReqId({ headers: { 'x-request-id': ['a', 'b'] } } as never)).toMatch(UUID);
  });

  it('is in the JSON error bodies, 4xx and 5xx, equal to the header', async () => {
    const cases = [
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }), // 404
      await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer('nope') }), // 401
      await t.app.inject({ method: 'POST', url: '/api/admin_send_code', payload: {} }), // 422
      await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-500' } }), // 500
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([404, 401, 422, 500]);
    for (const res of cases) {
      const body = res.json();
      expect(typeof body.message).toBe('string');
      expect(body.request_id).toBe(res.headers['x-request-id']);
    }
    expect(cases[3].json()).toMatchObject({ request_id: 'trace-500' });
  });
});

describe('log lines', () => {
  it('carry the request id (request_id) in every line of a request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await openDatabase();
    await database.migrate();
    await seedBase(database.db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-ops-log-'));
    const config = loadConfig({ APP_ENV: 'development', DATA_DIR: dataDir, SIMULATOR: 'off' });
    const app = await buildApp({ config, db: database.db, logger: { level: 'info', stream } });
    app.get('/api/test/log', { config: { policy: publicRule('test.log') } }, async (request) => {
      request.log.info('inside the handler');
      throw new Error('kaboom');
    });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/test/log', headers: { 'x-request-id': 'log-trace-1' } });
      expect(res.statusCode).toBe(500);
      const ours = lines.filter((l) => l.request_id === 'log-trace-1');
      const messages = ours.map((l) => l.msg);
      expect(messages).toEqual(
        expect.arrayContaining(['incoming request', 'inside the handler', 'unhandled error', 'request completed']),
      );
      // No line of that request lacks it.
      expect(lines.filter((l) => l.req !== undefined || l.res !== undefined).every((l) => 'request_id' in l)).toBe(
        true,
      );
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A database of its own, migrated and seeded from nothing: minutes on a machine busy with the browser suite.
  }, 180_000);
});
