import { z } from 'zod';
import { texts, tr } from './i18n';

/**
 * The server's state for the administrators' debug view (/debug_view): process, database, realtime, job
 * queue, HTTP traffic and the world simulator, as one node sees them.
 */
export const systemStatusSchema = z
  .object({
    generated_at: z.string(),
    server: z.object({
      version: z.string(),
      app_env: z.string(),
      node: z.string(),
      started_at: z.string(),
      uptime_s: z.number(),
      rss_mb: z.number(),
      heap_used_mb: z.number(),
      /** The event loop's delay, 99th percentile since the last reading (ms). */
      loop_delay_p99_ms: z.number(),
    }),
    database: z.object({
      engine: z.enum(['pglite', 'postgres']),
      /** A `select 1` round trip (ms). */
      latency_ms: z.number(),
      pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number() }),
    }),
    realtime: z.object({ sockets: z.number(), redis: z.boolean() }),
    jobs: z.object({
      due: z.number(),
      scheduled: z.number(),
      failing: z.number(),
      /** How late the oldest due job is (s); 0 when none is due. */
      oldest_due_s: z.number(),
      by_kind: z.array(z.object({ kind: z.string(), due: z.number(), scheduled: z.number(), failing: z.number() })),
    }),
    http: z.object({ requests: z.number(), server_errors: z.number(), client_errors: z.number() }),
    simulator: z
      .object({
        captains: z.number(),
        bookings: z.number(),
        paid: z.number(),
        passenger_cancels: z.number(),
        captain_cancels: z.number(),
        errors: z.number(),
      })
      .nullable(),
  })
  .meta({ id: 'SystemStatus' });
export type SystemStatusDto = z.infer<typeof systemStatusSchema>;

/** Above these a figure is shown as a warning (the one definition, read by the page and its tests). */
export const STATUS_LIMITS = {
  loopDelayMs: 200,
  dbLatencyMs: 250,
  oldestDueJobS: 60,
  poolWaiting: 1,
} as const;

export type StatusWarning = 'loop' | 'database' | 'pool' | 'jobs' | 'failing' | 'simulator';

/** What is wrong, from the watched figures and their limits: the page shows these first. */
export function statusWarnings(s: SystemStatusDto): StatusWarning[] {
  const out: StatusWarning[] = [];
  if (s.server.loop_delay_p99_ms > STATUS_LIMITS.loopDelayMs) out.push('loop');
  if (s.database.latency_ms > STATUS_LIMITS.dbLatencyMs) out.push('database');
  if (s.database.pool.waiting >= STATUS_LIMITS.poolWaiting) out.push('pool');
  if (s.jobs.oldest_due_s > STATUS_LIMITS.oldestDueJobS) out.push('jobs');
  if (s.jobs.failing > 0) out.push('failing');
  if (s.simulator && s.simulator.errors > 0) out.push('simulator');
  return out;
}

/** The debug view's texts (ours: the spec names the route and its SETTINGS permission only). */
export const SYSTEM_STATUS_UI = texts({
  updated: (time: string) => tr('Updated at {{time}}, every 5 seconds', { time }),
  allGood: 'Everything is running normally',
  warnings: {
    loop: 'The server is busy: its event loop is slow to answer',
    database: 'The database answers slowly',
    pool: 'Requests are waiting for a database connection',
    jobs: 'Background jobs are running late',
    failing: 'Some background jobs keep failing',
    simulator: 'The simulator reported errors',
  },
  server: 'Server',
  version: 'Version',
  environment: 'Environment',
  node: 'Node.js',
  started: 'Started',
  uptime: 'Up for',
  memory: 'Memory',
  heap: 'JavaScript heap',
  loopDelay: 'Event loop delay (p99)',
  database: 'Database',
  engine: 'Engine',
  engines: { pglite: 'Embedded (PGlite)', postgres: 'PostgreSQL' },
  latency: 'Round trip',
  pool: 'Connections (in use / total, waiting)',
  realtime: 'Realtime',
  sockets: 'Open sockets',
  redis: 'Shared with other nodes (Redis)',
  yes: 'Yes',
  no: 'No',
  jobs: 'Background jobs',
  due: 'Due now',
  scheduled: 'Scheduled',
  failing: 'Failing',
  oldestDue: 'Oldest due for',
  kind: 'Kind',
  noJobs: 'No job is waiting',
  http: 'HTTP since start',
  requests: 'Requests',
  serverErrors: 'Server errors (5xx)',
  clientErrors: 'Refused or invalid (4xx)',
  simulator: 'Simulator',
  simulatorOff: 'The simulator is off on this server',
  simCaptains: 'Captains driving',
  simBookings: 'Bookings made',
  simPaid: 'Rides paid',
  simPaxCancels: 'Cancelled by passengers',
  simCaptainCancels: 'Cancelled by captains',
  simErrors: 'Errors',
  /** Counts written in the console's language (formatNumber). */
  seconds: (n: string) => tr('{{n}} s', { n }),
  milliseconds: (n: string) => tr('{{n}} ms', { n }),
  megabytes: (n: string) => tr('{{n}} MB', { n }),
  duration: (h: number, m: number) => tr('{{h}} h {{m}} min', { h, m }),
} as const);
