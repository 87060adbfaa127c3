import type { FastifyInstance } from 'fastify';

/**
 * After SHUTDOWN_TIMEOUT_MS (in-flight requests), what the rest of the closing may take (the onClose hooks,
 * Redis, the database) before main.ts's watchdog exits anyway with 1: the process ends within the timeout
 * and 2 s.
 */
export const SHUTDOWN_GRACE_MS = 1500;

/** What keeps the event loop alive now, by kind (`TCPWrap×2, Timeout×1`): said when a shutdown ends or stalls. */
export function openResources(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind}×${n}`).join(', ') || 'nothing';
}

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Closes the database, after the app (its onClose hooks may still write). */
  closeDatabase: () => Promise<void>;
  /** Runs first: stops what feeds the app (the simulator). */
  before?: () => Promise<void>;
  /** How long in-flight requests may take before their connections are cut. */
  timeoutMs: number;
}

export interface ShutdownResult {
  /** True when the timeout passed and connections were cut. */
  forced: boolean;
}

/**
 * Graceful shutdown, in order: stop the feeders (the simulator, after its current phase); stop accepting
 * connections and let in-flight requests finish (Fastify's close: new requests on kept-alive connections get
 * 503, idle ones are closed at once — forceCloseConnections 'idle' — and so are those whose request finishes);
 * disconnect this node's sockets; run the onClose hooks (jobs, tracking, AI sweep, Socket.IO and its Redis,
 * the limits' Redis); close what connections are left; close the database (PGlite, or the pg pool). Past
 * `timeoutMs` the remaining connections are cut and the closing goes on. The log line `shut down` gives the
 * time of each phase and what still keeps the event loop alive. Calling it again returns the same promise.
 * main.ts exits right after, and its watchdog exits with 1 if this has not ended SHUTDOWN_GRACE_MS after
 * the timeout.
 */
export function createShutdown(options: ShutdownOptions): (reason: string) => Promise<ShutdownResult> {
  const { app } = options;
  let done: Promise<ShutdownResult> | undefined;

  const run = async (reason: string): Promise<ShutdownResult> => {
    app.log.info({ reason }, 'shutting down');
    const started = performance.now();
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      app.log.warn({ timeoutMs: options.timeoutMs }, 'shutdown timeout: closing the remaining connections');
      app.server.closeAllConnections();
    }, options.timeoutMs);
    timer.unref();
    // The server closes the connections idle when it starts closing; one that finishes its request
    // afterwards stays open (keep-alive) and would hold the close until the timeout: reap those too.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    reaper.unref();
    const ms: Record<'feeders' | 'app' | 'database', number> = { feeders: 0, app: 0, database: 0 };
    const timed = async (phase: keyof typeof ms, work: () => Promise<void>) => {
      const t0 = performance.now();
      try {
        await work();
      } finally {
        ms[phase] = Math.round(performance.now() - t0);
      }
    };
    try {
      await timed('feeders', async () => {
        try {
          await options.before?.();
        } catch (error) {
          app.log.error({ err: error }, 'shutdown: stopping the feeders failed');
        }
      });
      await timed('app', async () => {
        // Sockets are long-lived: the HTTP server would wait for them. Only this node's (`local`):
        // with the Redis adapter a plain disconnectSockets would reach every node.
        app.realtime?.io.local.disconnectSockets(true);
        await app.close();
        // The requests are over; a kept-alive connection the reaper has not reached yet would hold the server
        // open until its client let go (Fastify keeps an idle one 72 s): close what is left.
        app.server.closeAllConnections();
      });
    } finally {
      clearTimeout(timer);
      clearInterval(reaper);
      await timed('database', options.closeDatabase);
    }
    app.log.info(
      { forced, ms: Math.round(performance.now() - started), phases: ms, open: openResources() },
      'shut down',
    );
    return { forced };
  };

  return (reason) => {
    done ??= run(reason);
    return done;
  };
}
