import { publicRule } from '@taxi/shared';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createShutdown } from '../src/ops/shutdown';
import { buildTestApp, listenOnLoopback, login, type TestApp } from './helpers';

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
