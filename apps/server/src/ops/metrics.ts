import { createHash, timingSafeEqual } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { systemContract } from '@taxi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { isLoopback } from '../http/loopback';
import type { JobRow } from '../jobs/worker';

/** The route of the manual dispatch: its duration is the dispatch latency (the AI's dispatches are timed by the service). */
export const DISPATCH_ROUTE = '/api/dispatch/:bookingId/:captainId';

/** Process metrics (CPU, memory, event-loop lag, GC): one set per process, whatever the number of apps. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The pool behind a Drizzle handle: node-postgres counts its clients; PGlite is one connection. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  }
  if (client instanceof PGlite) return { total: 1, idle: 0, waiting: 0 };
  return { total: 0, idle: 0, waiting: 0 };
}

/**
 * The app's metrics, one registry per app (tests build many apps in one process). Counters are fed
 * by the HTTP hooks (metricsPlugin), the realtime emit helpers (`countEmit`) and the job queue
 * (`observeJob`); gauges are read at scrape time.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly realtimeEvents = new Counter({
    name: 'realtime_events_emitted_total',
    help: 'Realtime events emitted to browsers, by event name',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  readonly dispatchDuration = new Histogram({
    name: 'dispatch_duration_seconds',
    help: 'Time to dispatch a booking to a captain (the manual dispatch call, end to end)',
    labelNames: ['status'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly jobLag = new Histogram({
    name: 'job_lag_seconds',
    help: 'Delay between a job being due (run_at) and it starting, by kind',
    labelNames: ['kind'] as const,
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  constructor(sources: { sockets: () => number; db: Db }) {
    new Gauge({
      name: 'socket_connections',
      help: 'Socket.IO connections open on this node',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections: total, idle, and callers waiting for one (PGlite: one connection)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = poolStats(sources.db);
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  countEmit = (event: string): void => {
    this.realtimeEvents.inc({ event });
  };

  observeJob = (job: JobRow, startedAt: number = Date.now()): void => {
    this.jobLag.observe({ kind: job.kind }, Math.max(0, startedAt - job.runAt.getTime()) / 1000);
  };

  /** Prometheus text format: this app's metrics, then the process's. */
  async text(): Promise<string> {
    const [own, proc] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${proc}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: a loopback client that did not come through a proxy (a request carrying
 * X-Forwarded-For from an untrusted peer is not taken as local), or anyone with the bearer
 * METRICS_TOKEN.
 */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    if (timingSafeEqual(digest(auth.slice('Bearer '.length)), digest(token))) return true;
  }
  if (!isLoopback(request.ip)) return false;
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  // With TRUST_PROXY set, request.ip already is the client behind the proxy.
  return !proxied || request.server.config.trustProxy !== false;
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Times every request (by route pattern; unmatched URLs are one label) and serves GET /metrics. */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics; token?: string }) => {
  const { metrics } = opts;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const seconds = reply.elapsedTime / 1000;
    const status = statusClass(reply.statusCode);
    metrics.httpDuration.observe(
      { route: request.is404 ? 'unmatched' : route, method: request.method, status },
      seconds,
    );
    if (route === DISPATCH_ROUTE && request.method === 'PUT') metrics.dispatchDuration.observe({ status }, seconds);
  });

  const schema = { tags: ['system'], security: [], response: { 200: systemContract.metrics } };
  app.get('/metrics', { schema }, async (request, reply) => {
    if (!mayScrape(request, opts.token)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
});
