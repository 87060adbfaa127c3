/**
 * The sign-in and code limits (lib/rate-limit.ts, AuthService.limited): a budget per client address, and per
 * (account, address) pair an exponential back-off after its wrong attempts; in memory on one node, in Redis
 * for all of them. Found: two nodes allowed about twice the limit, and ten wrong passwords from anywhere
 * locked the owner out for a minute.
 */
import { randomBytes } from 'node:crypto';
import { MSG } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Clock, ManualClock } from '../src/lib/clock';
import {
  type Backoff,
  backoffDelay,
  clientKey,
  MemoryRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
} from '../src/lib/rate-limit';
import { buildTestApp, dropRedisPrefix, lastCode, loginBody, type TestApp, testRedisUrl } from './helpers';

const redisUrl = await testRedisUrl();
const prefix = `test-rl-${randomBytes(4).toString('hex')}`;
afterAll(async () => {
  if (redisUrl) await dropRedisPrefix(redisUrl, prefix);
});

// ------------------------------------------------------------------ the limiter, on both backends

const BACKOFF: Backoff = { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 60_000 };

const backends: [string, (clock: Clock) => RateLimiter][] = [['memory', (clock) => new MemoryRateLimiter(clock)]];
if (redisUrl) backends.push(['redis', (clock) => new RedisRateLimiter(new Redis(redisUrl), prefix, { clock })]);
if (!redisUrl) it.skip('the Redis limiter (TEST_REDIS_URL unset)', () => {});

describe.each(backends)('%s limiter', (_name, make) => {
  const clock = new ManualClock();
  const limiters: RateLimiter[] = [];
  const limiter = () => {
    const l = make(clock);
    limiters.push(l);
    return l;
  };
  const key = (what: string) => `${what}:${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    for (const l of limiters) await l.close();
  });

  it('counts hits in a fixed window and tells how long is left of it', async () => {
    const l = limiter();
    const k = key('hits');
    for (let i = 1; i <= 3; i++) expect((await l.hit(k, 3, 60_000)).allowed).toBe(true);
    const over = await l.hit(k, 3, 60_000);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterMs).toBeGreaterThan(0);
    expect(over.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await l.hit(key('other'), 3, 60_000)).allowed).toBe(true);
  });

  it('owes no wait until the back-off starts, then 1 s, 2 s, 4 s… up to its cap', async () => {
    const l = limiter();
    const k = key('fails');
    expect(await l.fail(k, BACKOFF)).toBe(0);
    expect(await l.fail(k, BACKOFF)).toBe(0);
    expect(await l.waitOf(k)).toBe(0);
    expect(await l.fail(k, BACKOFF)).toBe(1000);
    expect(await l.waitOf(k)).toBe(1000);
    clock.advance(400);
    expect(await l.waitOf(k)).toBe(600);
    clock.advance(600);
    expect(await l.waitOf(k)).toBe(0);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await l.fail(k, BACKOFF));
    expect(waits).toEqual([2000, 4000, 8000, 8000]);
    expect([3, 4, 5, 6, 7].map((n) => backoffDelay(n, BACKOFF))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('a success forgets the failures, and so does time', async () => {
    const l = limiter();
    const k = key('reset');
    for (let i = 0; i < 3; i++) await l.fail(k, BACKOFF);
    expect(await l.waitOf(k)).toBeGreaterThan(0);
    await l.reset(k);
    expect(await l.waitOf(k)).toBe(0);
    expect(await l.fail(k, BACKOFF)).toBe(0);
    // Forgotten `forgetMs` after the last failure (Redis expires the key in its own time: a short one here).
    const brief = { ...BACKOFF, forgetMs: 300 };
    const f = key('forget');
    for (let i = 0; i < 2; i++) await l.fail(f, brief);
    clock.advance(301);
    await new Promise((r) => setTimeout(r, 400));
    expect(await l.fail(f, brief)).toBe(0);
  });

  it('counts concurrent failures once each (atomic)', async () => {
    const l = limiter();
    const k = key('race');
    const many = { free: 1, baseMs: 1, maxMs: 2 ** 30, forgetMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 20 }, () => l.fail(k, many)));
    expect(waits.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 2 ** i));
  });
});

it('counts an IPv4 address as it is and an IPv6 address by its /64', () => {
  expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
  expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientKey('::1')).toBe('0:0:0:0::/64');
});

// ------------------------------------------------------------------ the sign-in calls, one node

/** A node with 3 wrong attempts per account and address, and `perAddress` attempts per address. */
function oneNode(perAddress: number) {
  const node = { t: undefined as unknown as TestApp, clock: new ManualClock() };
  beforeAll(async () => {
    node.t = await buildTestApp({
      env: { LOGIN_RATE_MAX_PER_ACCOUNT: '3', LOGIN_RATE_MAX_PER_IP: String(perAddress) },
      clock: node.clock,
    });
  });
  afterAll(() => node.t?.close());
  const sendCode = (email: string, from: string, password = 'Bad#pass1', headers: Record<string, string> = {}) =>
    node.t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      remoteAddress: from,
      headers,
      payload: loginBody(email, { password }),
    });
  return { node, sendCode };
}

describe('sign-in limits on one node: per account and address, and per address', () => {
  const { node, sendCode } = oneNode(5);

  it('admin_send_code: wrong passwords per account and address, then the address budget → 429', async () => {
    for (let i = 0; i < 3; i++) expect((await sendCode('admin@example.com', '127.0.0.1')).statusCode).toBe(422);
    const limited = await sendCode('admin@example.com', '127.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MSG.tooManyAttemptsWait(1), request_id: expect.any(String) });
    expect(limited.headers['retry-after']).toBe('1');
    // another account from the same address: the 5th attempt of the address passes, the 6th is limited
    expect((await sendCode('gov@example.com', '127.0.0.1')).statusCode).toBe(422);
    const spent = await sendCode('gov@example.com', '127.0.0.1');
    expect(spent.statusCode).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('admin_login is limited too', async () => {
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const res = await node.t.app.inject({
        method: 'POST',
        url: '/api/admin_login',
        remoteAddress: '192.0.2.44',
        payload: loginBody('supervisor@example.com', { code: '123456' }),
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('sign-in limits on one node: the back-off of an account and address', () => {
  const { node, sendCode } = oneNode(1000);

  it('the back-off doubles: 1 s, then 2 s, and the 429 says so in the caller’s language', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < 3; i++) await sendCode('dispatcher@example.com', from);
    const french = await sendCode('dispatcher@example.com', from, 'Bad#pass1', { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(429);
    expect(french.json().message).toBe('Trop de tentatives. Patientez 1 s puis réessayez.');
    const arabic = await sendCode('dispatcher@example.com', from, 'Bad#pass1', { 'accept-language': 'ar' });
    expect(arabic.json().message).toBe('محاولات كثيرة جدًا. يرجى الانتظار 1 ثانية ثم المحاولة مجددًا.');
    node.clock.advance(1000);
    expect((await sendCode('dispatcher@example.com', from)).statusCode).toBe(422);
    const twice = await sendCode('dispatcher@example.com', from);
    expect(twice.statusCode).toBe(429);
    expect(twice.headers['retry-after']).toBe('2');
  });

  it('a flood of wrong passwords from one address does not stop the owner signing in from theirs', async () => {
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await sendCode('gov@example.com', attacker)).statusCode);
    expect(statuses.slice(0, 3)).toEqual([422, 422, 422]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);

    const owner = '198.51.100.20';
    expect((await sendCode('gov@example.com', owner, loginBody('gov@example.com').password)).statusCode).toBe(200);
    const code = await lastCode(node.t.app, 'gov@example.com');
    const signedIn = await node.t.app.inject({
      method: 'POST',
      url: '/api/admin_login',
      remoteAddress: owner,
      payload: loginBody('gov@example.com', { code }),
    });
    expect(signedIn.statusCode).toBe(200);
    // The attacker's address is still backed off.
    expect((await sendCode('gov@example.com', attacker)).statusCode).toBe(429);
  });

  it('an owner’s own wrong password is forgotten by their next success', async () => {
    const from = '198.51.100.30';
    const right = loginBody('supervisor@example.com').password;
    for (let i = 0; i < 2; i++) expect((await sendCode('supervisor@example.com', from)).statusCode).toBe(422);
    expect((await sendCode('supervisor@example.com', from, right)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await sendCode('supervisor@example.com', from)).statusCode).toBe(422);
    expect((await sendCode('supervisor@example.com', from, right)).statusCode).toBe(200);
  });
});

// ------------------------------------------------------------------ two nodes, one budget in Redis

describe.skipIf(!redisUrl)('two nodes sharing the limits in Redis', () => {
  const LIMIT = 10;
  const clock = new ManualClock();
  const env = () => ({
    REDIS_URL: redisUrl as string,
    REDIS_PREFIX: prefix,
    LOGIN_RATE_MAX_PER_ACCOUNT: String(LIMIT),
    LOGIN_RATE_MAX_PER_IP: '1000',
  });
  let a: TestApp;
  let b: FastifyInstance;
  /** Two nodes counting in their own memory (no Redis), for comparison. */
  let c: FastifyInstance;
  let d: FastifyInstance;

  beforeAll(async () => {
    a = await buildTestApp({ env: env(), clock });
    const config = loadConfig({ ...env(), APP_ENV: 'development', DATA_DIR: a.config.dataDir, LOG_LEVEL: 'silent' });
    b = await buildApp({ config, db: a.db, logger: false, clock });
    await b.ready();
    const memoryConfig = loadConfig({
      ...env(),
      REDIS_URL: '',
      APP_ENV: 'development',
      DATA_DIR: a.config.dataDir,
      LOG_LEVEL: 'silent',
    });
    c = await buildApp({ config: memoryConfig, db: a.db, logger: false, clock });
    d = await buildApp({ config: memoryConfig, db: a.db, logger: false, clock });
    await Promise.all([c.ready(), d.ready()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([b?.close(), c?.close(), d?.close()]);
    await a?.close();
  });

  const wrong = (node: FastifyInstance, email: string, from: string) =>
    node.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      remoteAddress: from,
      payload: loginBody(email, { password: 'Bad#pass1' }),
    });

  /** Of `n` wrong attempts (one account, one address) spread over the nodes in turn, how many were checked. */
  async function through(nodes: FastifyInstance[], email: string, from: string, n = 40): Promise<number> {
    let checked = 0;
    for (let i = 0; i < n; i++) if ((await wrong(nodes[i % nodes.length], email, from)).statusCode !== 429) checked++;
    return checked;
  }

  it('the limit’s worth of wrong attempts split over the nodes: the next is refused on either node', async () => {
    const from = '203.0.113.10';
    for (let i = 0; i < LIMIT; i++) {
      expect((await wrong(i < LIMIT / 2 ? a.app : b, 'dispatcher@example.com', from)).statusCode).toBe(422);
    }
    for (const node of [a.app, b]) {
      const refused = await wrong(node, 'dispatcher@example.com', from);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
    }
    // The owner, from another address, through either node.
    const owner = await b.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      remoteAddress: '198.51.100.40',
      payload: loginBody('dispatcher@example.com'),
    });
    expect(owner.statusCode).toBe(200);
  });

  it('figures: attempts checked on one node and on two, with Redis and with each node’s memory', async () => {
    const one = await through([a.app], 'gov@example.com', '203.0.113.21');
    const two = await through([a.app, b], 'supervisor@example.com', '203.0.113.22');
    const memoryOne = await through([c], 'admin@example.com', '203.0.113.23');
    const memoryTwo = await through([c, d], 'admin@example.com', '203.0.113.24');
    console.log(
      `two-node limits (${LIMIT} wrong attempts per account and address, 40 sent): Redis — 1 node ${one}, 2 nodes ${two}; ` +
        `each node's memory — 1 node ${memoryOne}, 2 nodes ${memoryTwo}`,
    );
    expect(one).toBe(LIMIT);
    expect(two).toBe(LIMIT);
    expect(memoryOne).toBe(LIMIT);
    // Without Redis each node keeps its own budget (the reason for REDIS_URL with several nodes).
    expect(memoryTwo).toBe(2 * LIMIT);
  });
});
