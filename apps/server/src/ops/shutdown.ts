import type { FastifyInstance } from 'fastify';

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
 * Graceful shutdown, in order: stop the feeders; stop accepting connections and let in-flight
 * requests finish (Fastify's close: new requests on kept-alive connections get 503, idle ones are
 * closed at once — forceCloseConnections 'idle' — and so are those whose request finishes); disconnect this node's sockets; run the onClose
 * hooks (tracking, jobs, Socket.IO, Redis); close the database. Past `timeoutMs` the remaining
 * connections are cut and the closing goes on. Calling it again returns the same promise.
 */
export function createShutdown(options: ShutdownOptions): (reason: string) => Promise<ShutdownResult> {
  const { app } = options;
  let done: Promise<ShutdownResult> | undefined;

  const run = async (reason: string): Promise<ShutdownResult> => {
    app.log.info({ reason }, 'shutting down');
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
    try {
      try {
        await options.before?.();
      } catch (error) {
        app.log.error({ err: error }, 'shutdown: stopping the feeders failed');
      }
      // Sockets are long-lived: the HTTP server would wait for them. Only this node's (`local`):
      // with the Redis adapter a plain disconnectSockets would reach every node.
      app.realtime?.io.local.disconnectSockets(true);
      await app.close();
    } finally {
      clearTimeout(timer);
      clearInterval(reaper);
      await options.closeDatabase();
    }
    app.log.info({ forced }, 'shut down');
    return { forced };
  };

  return (reason) => {
    done ??= run(reason);
    return done;
  };
}
