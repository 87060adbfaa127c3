import { EVENTS } from '@taxi/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login, type TestApp } from './helpers';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one sample, its labels given in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[4]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('serves Prometheus text whose latency histogram counts a request to /api/health by route pattern', async () => {
    const before = sample(await scrape(), 'http_request_duration_seconds_count', { route: '/api/health' }) ?? 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const labels = { route: '/api/health', method: 'GET', status: '2xx' };
    expect(sample(res.body, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sample(res.body, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    // Process metrics come along.
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('labels a route by its pattern, and unknown URLs as one label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing-123' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing-456' });
    const text = await scrape();
    expect(text).not.toContain('thing-123');
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '4xx' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('is 404 to a remote client without the token, and to a wrong token', async () => {
    const remote = { remoteAddress: '203.0.113.7' };
    const none = await t.app.inject({ method: 'GET', url: '/metrics', ...remote });
    expect(none.statusCode).toBe(404);
    expect(none.body).not.toContain('http_request');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer('not-the-token-at-all'),
      ...remote,
    });
    expect(wrong.statusCode).toBe(404);
    const good = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN), ...remote });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('http_request_duration_seconds');
  });

  it('does not take a proxied request (X-Forwarded-For, no TRUST_PROXY) as a loopback client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(res.statusCode).toBe(404);
  });

  it('counts realtime events, job lag and the database pool', async () => {
    t.app.jobs.register('ops.test', async () => {});
    await t.app.jobs.schedule('ops.test', {}, new Date(Date.now() - 2000));
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const emitted = sample(await scrape(), 'realtime_events_emitted_total', { event: EVENTS.lateBooking }) ?? 0;
    t.app.realtime.emit(EVENTS.lateBooking, { id: 1 } as never);
    const text = await scrape();
    expect(sample(text, 'realtime_events_emitted_total', { event: EVENTS.lateBooking })).toBe(emitted + 1);
    expect(sample(text, 'job_lag_seconds_count', { kind: 'ops.test' })).toBe(1);
    expect(sample(text, 'job_lag_seconds_sum', { kind: 'ops.test' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('times the manual dispatch', async () => {
    const token = await login(t.app, 'dispatcher@example.com');
    const res = await t.app.inject({ method: 'PUT', url: '/api/dispatch/999999/999999', headers: bearer(token) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(sample(await scrape(), 'dispatch_duration_seconds_count', { status: '4xx' })).toBe(1);
  });
});

describe('socket gauge', () => {
  it('follows a connection', async () => {
    const app = await buildTestApp();
    let socket: Socket | undefined;
    try {
      const base = await listenOnLoopback(app.app);
      const token = await login(app.app, 'dispatcher@example.com');
      const gauge = async () => {
        const res = await fetch(`${base}/metrics`);
        return sample(await res.text(), 'socket_connections');
      };
      expect(await gauge()).toBe(0);
      const s = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      socket = s;
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      expect(await gauge()).toBe(1);
      s.disconnect();
      await expect.poll(gauge, { timeout: 2000 }).toBe(0);
    } finally {
      socket?.disconnect();
      await app.close();
    }
  });
});
