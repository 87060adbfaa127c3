import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SystemStatusDto } from '@taxi/shared';
import { and, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { jobs } from '../../db/schema';
import { poolStats } from '../../ops/metrics';

/** What the world simulator reports when it runs in this process (main.ts sets it; null: off). */
export type SimulatorStatus = NonNullable<SystemStatusDto['simulator']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulator's figures when one runs in this process (set by main.ts), else null. */
    simulatorStatus: () => SimulatorStatus | null;
  }
}

const STARTED_AT = new Date();
/** One histogram per process, read and reset at each status: the delay since the previous reading. */
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;
function loopDelayP99Ms(): number {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
    return 0;
  }
  const p99 = loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 : 0;
  loopDelay.reset();
  return Math.round(p99 * 10) / 10;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Requests answered since start by status class, from the metrics' request histogram. */
async function httpCounts(app: FastifyInstance): Promise<SystemStatusDto['http']> {
  const out = { requests: 0, server_errors: 0, client_errors: 0 };
  for (const v of (await app.metrics.httpDuration.get()).values) {
    if (!v.metricName?.endsWith('_count')) continue;
    out.requests += v.value;
    if (v.labels.status === '5xx') out.server_errors += v.value;
    if (v.labels.status === '4xx') out.client_errors += v.value;
  }
  return out;
}

async function jobCounts(app: FastifyInstance): Promise<SystemStatusDto['jobs']> {
  const now = new Date(app.clock.now());
  const rows = await app.db
    .select({
      kind: jobs.kind,
      due: sql<number>`count(*) filter (where ${jobs.runAt} <= ${now})`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${jobs.runAt} > ${now})`.mapWith(Number),
      failing: sql<number>`count(*) filter (where ${jobs.lastError} is not null)`.mapWith(Number),
    })
    .from(jobs)
    .where(isNull(jobs.doneAt))
    .groupBy(jobs.kind)
    .orderBy(jobs.kind);
  const [oldest] = await app.db
    .select({ at: sql<Date | string | null>`min(${jobs.runAt})` })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)));
  const oldestAt = oldest?.at ? new Date(oldest.at).getTime() : null;
  const sum = (key: 'due' | 'scheduled' | 'failing') => rows.reduce((n, r) => n + r[key], 0);
  return {
    due: sum('due'),
    scheduled: sum('scheduled'),
    failing: sum('failing'),
    oldest_due_s: oldestAt === null ? 0 : Math.max(0, Math.round((now.getTime() - oldestAt) / 1000)),
    by_kind: rows,
  };
}

/** The debug view's figures, read now on this node. */
export async function systemStatus(app: FastifyInstance): Promise<SystemStatusDto> {
  const started = performance.now();
  await app.db.execute(sql`select 1`);
  const latency = Math.round((performance.now() - started) * 10) / 10;
  const memory = process.memoryUsage();
  const client = (app.db as unknown as { $client?: unknown }).$client;
  return {
    generated_at: new Date(app.clock.now()).toISOString(),
    server: {
      version: process.env.npm_package_version ?? '0.1.0',
      app_env: app.config.appEnv,
      node: process.version,
      started_at: STARTED_AT.toISOString(),
      uptime_s: Math.round(process.uptime()),
      rss_mb: mb(memory.rss),
      heap_used_mb: mb(memory.heapUsed),
      loop_delay_p99_ms: loopDelayP99Ms(),
    },
    database: {
      engine: client instanceof pg.Pool ? 'postgres' : 'pglite',
      latency_ms: latency,
      pool: poolStats(app.db),
    },
    realtime: { sockets: app.realtime.io.of('/').sockets.size, redis: !!app.config.redisUrl },
    jobs: await jobCounts(app),
    http: await httpCounts(app),
    simulator: app.simulatorStatus(),
  };
}
