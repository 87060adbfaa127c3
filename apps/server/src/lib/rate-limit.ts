import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from './clock';

/** The wait owed after failures: none for the first `free - 1`, then `baseMs` doubling, at most `maxMs`. */
export interface Backoff {
  /** The failure after which the first wait is owed (then 1 s, 2 s, 4 s… with baseMs 1000). */
  free: number;
  baseMs: number;
  maxMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

/**
 * Counters behind the login and code limits (modules/auth/service.ts), in memory on one node or in Redis for
 * all of them (one budget whichever node a request reaches). Both keep the same two kinds of counter:
 * a fixed window of hits (`hit`), and failures with an exponential back-off (`fail`, `waitOf`).
 */
export interface RateLimiter {
  /** Counts one hit on `key`; `allowed` is false once the window's limit is passed. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** The wait still owed before `key` may try again: 0 when it may try now. */
  waitOf(key: string): Promise<number>;
  /** Counts a failure on `key`; returns the wait it owes now (0 while under the back-off's `free`). */
  fail(key: string, backoff: Backoff): Promise<number>;
  /** Forgets the failures of `key` (a success). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The wait owed after the `failures`-th failure. */
export function backoffDelay(failures: number, backoff: Backoff): number {
  if (failures < backoff.free) return 0;
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(failures - backoff.free, 40));
}

/** Expands an IPv6 address to its eight groups (`::` filled, an embedded IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/**
 * The address a limit counts: an IPv4 address as it is (IPv4-mapped IPv6 included), an IPv6 address by its
 * /64 network — one subscriber's line, which hands its devices any of 2^64 addresses.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

interface Failures {
  count: number;
  /** When the owed wait ends (ms since the epoch). */
  until: number;
  /** When the failures are forgotten. */
  expires: number;
}

/** One node's counters, in memory. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly clock: Clock = systemClock) {}

  async hit(key: string, limit: number, windowMs: number) {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0, windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    window.count++;
    return { allowed: window.count <= limit, retryAfterMs: window.start + windowMs - now };
  }

  async waitOf(key: string): Promise<number> {
    const now = this.clock.now();
    const entry = this.failures.get(key);
    if (!entry || entry.expires <= now) return 0;
    return Math.max(0, entry.until - now);
  }

  async fail(key: string, backoff: Backoff): Promise<number> {
    const now = this.clock.now();
    let entry = this.failures.get(key);
    if (!entry || entry.expires <= now) {
      entry = { count: 0, until: now, expires: now };
      this.failures.set(key, entry);
      if (this.failures.size > 10_000) this.sweep(now);
    }
    entry.count++;
    const wait = backoffDelay(entry.count, backoff);
    entry.until = now + wait;
    entry.expires = now + Math.max(backoff.forgetMs, wait);
    return wait;
  }

  async reset(key: string) {
    this.windows.delete(key);
    this.failures.delete(key);
  }

  async close() {}

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(key);
    for (const [key, f] of this.failures) if (f.expires <= now) this.failures.delete(key);
  }
}

/** INCR and its window's expiry in one step: [count, ms left in the window]. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/**
 * One more failure and the wait it owes, in one step: ARGV now, free, base, max, forget (ms). The hash keeps
 * the count (n) and when the wait ends (u); it is forgotten `forget` after the last failure.
 */
const FAIL_SCRIPT = `
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local free = tonumber(ARGV[2])
local wait = 0
if n >= free then
  wait = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * math.pow(2, math.min(n - free, 40)))
end
redis.call('HSET', KEYS[1], 'u', string.format('%d', tonumber(ARGV[1]) + wait))
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[5]), wait))
return wait`;

/**
 * The counters in Redis, shared by every node: each change is one Lua script (atomic). Keys live under
 * `<REDIS_PREFIX>:rl:` and name no account or address (a hash of the key). Time is the app's clock (the
 * wait's end is compared with it); expiries are Redis's own. When Redis cannot answer, the node counts in
 * memory meanwhile (and says so in its log) rather than refuse or let through every sign-in.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private warnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly opts: { clock?: Clock; warn?: (error: unknown) => void } = {},
  ) {
    this.fallback = new MemoryRateLimiter(opts.clock);
  }

  private now = () => (this.opts.clock ?? systemClock).now();

  private keyOf(kind: 'hit' | 'fail', key: string): string {
    return `${this.prefix}:rl:${kind}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
  }

  private async orFallback<T>(run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const now = Date.now();
      if (now - this.warnedAt > 30_000) {
        this.warnedAt = now;
        this.opts.warn?.(error);
      }
      return fallback();
    }
  }

  hit(key: string, limit: number, windowMs: number) {
    return this.orFallback(
      async () => {
        const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.keyOf('hit', key), windowMs)) as [
          number,
          number,
        ];
        return { allowed: count <= limit, retryAfterMs: ttl };
      },
      () => this.fallback.hit(key, limit, windowMs),
    );
  }

  waitOf(key: string) {
    return this.orFallback(
      async () => {
        const until = await this.redis.hget(this.keyOf('fail', key), 'u');
        return until === null ? 0 : Math.max(0, Number(until) - this.now());
      },
      () => this.fallback.waitOf(key),
    );
  }

  fail(key: string, backoff: Backoff) {
    return this.orFallback(
      async () =>
        Number(
          await this.redis.eval(
            FAIL_SCRIPT,
            1,
            this.keyOf('fail', key),
            this.now(),
            backoff.free,
            backoff.baseMs,
            backoff.maxMs,
            backoff.forgetMs,
          ),
        ),
      () => this.fallback.fail(key, backoff),
    );
  }

  reset(key: string) {
    return this.orFallback(
      async () => void (await this.redis.del(this.keyOf('hit', key), this.keyOf('fail', key))),
      () => this.fallback.reset(key),
    );
  }

  /** QUIT: answered once the commands already sent are answered; a dead connection is dropped at once. */
  async close() {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** A Redis limiter on its own connection: commands fail fast while it is down (the node counts in memory). */
export async function createRedisRateLimiter(opts: {
  url: string;
  prefix: string;
  clock?: Clock;
  warn: (error: unknown) => void;
}): Promise<RedisRateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(opts.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
  });
  redis.on('error', () => {
    // Reported by the limiter when a command fails; reconnects by itself.
  });
  await redis.connect().catch(opts.warn);
  return new RedisRateLimiter(redis, opts.prefix, { clock: opts.clock, warn: opts.warn });
}
