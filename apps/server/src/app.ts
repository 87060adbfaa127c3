import path from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { type AppBus, EventBus } from './events';
import { authPlugin } from './http/auth';
import { errorsPlugin } from './http/errors';
import { headersPlugin } from './http/headers';
import { i18nPlugin } from './http/i18n';
import { idempotencyPlugin } from './http/idempotency';
import { methodOverridePlugin } from './http/method-override';
import { formsPlugin } from './http/multipart';
import { spaFallback, spaPlugin } from './http/spa';
import { JobQueue } from './jobs/worker';
import { type Clock, systemClock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { createRedisRateLimiter, MemoryRateLimiter, type RateLimiter } from './lib/rate-limit';
import { useCompiledParsers } from './lib/zod-jit';
import { MODULES } from './modules';
import type { AuthService } from './modules/auth/service';
import { bookingViews } from './modules/bookings/read/views';
import type { BookingService } from './modules/bookings/service';
import type { CityService } from './modules/city/service';
import type { ComplaintService } from './modules/complaints/service';
import type { FileService } from './modules/files/service';
import type { NotificationService } from './modules/notifications/service';
import type { CaptainService } from './modules/people/captains';
import type { PassengerService } from './modules/people/passengers';
import type { SettingsService } from './modules/settings/service';
import type { UserService } from './modules/users/service';
import { LOG_REDACTION } from './ops/log-redaction';
import { Metrics, metricsPlugin } from './ops/metrics';
import { genReqId, requestIdPlugin } from './ops/request-id';
import { createRealtime, type Realtime } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The one clock of the server (lib/clock.ts); tests inject a ManualClock. */
    clock: Clock;
    /** Domain events: commands record them in their transaction, handlers run after commit. */
    events: AppBus;
    realtime: Realtime;
    jobs: JobQueue;
    mailer: Mailer;
    limiter: RateLimiter;
    auth: AuthService;
    settings: SettingsService;
    /** The live dispatching settings (radius, offer and popup timings, late thresholds). */
    dispatchConfig: import('./modules/settings/dispatch-config').DispatchConfig;
    notifications: NotificationService;
    users: UserService;
    city: CityService;
    positions: import('./dispatch/spatial-index').PositionIndex<import('./modules/tracking/service').LiveMeta>;
    locations: import('./modules/tracking/service').LocationService;
    dispatchEngine: import('./dispatch/service').DispatchService;
    files: FileService;
    passengers: PassengerService;
    /** The queue of new passengers to approve and its claims. */
    passengerApprovals: import('./modules/people/approvals').PassengerApprovals;
    captains: CaptainService;
    bookings: BookingService;
    complaints: ComplaintService;
    tickets: import('./modules/tickets/service').TicketService;
    chat: import('./modules/chat/service').ChatService;
    ai: import('./modules/ai/service').AiService;
    metrics: Metrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Serve apps/web/dist with the SPA fallback (main.ts). */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Replace the mailer (tests). */
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** The city in memory (streets, sectors, places); loaded from the database when absent. */
  city?: CityService;
  /** The server's clock; the system clock when absent. */
  clock?: Clock;
  /** Sees every route as it is registered (tests walk Fastify's own route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the app: plugins, then services, then modules. No listen (tests use app.inject). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  useCompiledParsers();
  const app = Fastify({
    // Secrets of URLs (reset tokens, codes, keys, a socket's token) never reach a log line (ops/log-redaction.ts).
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(typeof options.logger === 'object' ? options.logger : {}), ...LOG_REDACTION },
    bodyLimit: config.uploadMaxBytes,
    // X-Forwarded-For is believed only from the proxies of TRUST_PROXY (none by default): otherwise any
    // client could pick its own request.ip and escape the per-IP login limits.
    trustProxy: config.trustProxy,
    // JSON bodies with __proto__ or constructor.prototype keys are refused (400), never merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // X-Request-Id: a caller's safe id or a new UUID, in every log line of the request and every error body.
    genReqId,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    // On close, idle keep-alive connections go at once; in-flight requests finish (ops/shutdown.ts).
    forceCloseConnections: 'idle',
    // Loading the modules (the city's street graph among them) can take more than Fastify's default 10 s on
    // a starved machine (tests niced beside the browser suite); a plugin that truly hangs still fails.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // plugins
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', options.clock ?? systemClock);
  await app.register(requestIdPlugin);
  await app.register(headersPlugin, {
    tileUrl: config.tileUrl,
    corsOrigin: config.corsOrigin,
    voiceWsUrl: config.voice?.wsUrl,
  });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin, { notFound: options.serveWeb ? spaFallback(config.webDist) : undefined });
  if (config.corsOrigin) await app.register(cors, { origin: config.corsOrigin.split(','), credentials: true });
  // Before the auth hook: a body the route cannot take is refused from its headers, before the token's lookup.
  await app.register(formsPlugin, {
    uploadMaxBytes: config.uploadMaxBytes,
    tmpDir: path.join(config.dataDir, 'tmp', 'uploads'),
  });
  await app.register(authPlugin, { db });
  await app.register(methodOverridePlugin);
  await app.register(idempotencyPlugin, { db });
  await app.register((await import('./http/openapi')).openApiPlugin);

  // infrastructure the modules share (dependencies named; order explicit)
  const metrics = new Metrics({ sockets: () => app.realtime.io.of('/').sockets.size, db });
  app.decorate('metrics', metrics);
  // main.ts replaces it when the world simulator runs in this process (the debug view shows its figures).
  app.decorate('simulatorStatus', () => null);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  const realtime = await createRealtime(app, {
    db,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    corsOrigin: config.corsOrigin,
    onEmit: metrics.countEmit,
  });
  const mailer = options.mailer ?? createMailer(config.smtpUrl, config.mailFrom);
  app.decorate('realtime', realtime);
  app.decorate('mailer', mailer);
  app.decorate('jobs', new JobQueue(db, app.log, metrics.observeJob, app.clock));
  app.decorate('events', new EventBus({ db, log: app.log, context: bookingViews(db) }));
  // The sign-in limits: in Redis with REDIS_URL (one budget for every node), else in this node's memory.
  const limiter =
    options.limiter ??
    (config.redisUrl
      ? await createRedisRateLimiter({
          url: config.redisUrl,
          prefix: config.redisPrefix,
          clock: app.clock,
          warn: (error) => app.log.warn({ err: error }, 'rate limits: Redis unavailable, counting in memory meanwhile'),
        })
      : new MemoryRateLimiter(app.clock));
  app.decorate('limiter', limiter);
  app.addHook('onClose', async () => limiter.close());
  // The city in memory may be given (tests share one); otherwise its module loads it.
  if (options.city) app.decorate('city', options.city);
  // Closing: no new job starts once closing begins; onClose hooks run last-registered first, so the
  // modules (registered below) stop their timers and flush before the sockets and Redis they use close.
  app.addHook('preClose', async () => app.jobs.stop());
  app.addHook('onClose', async () => realtime.close());
  // modules: services in list order, then their event handlers, then their routes
  for (const module of MODULES) await module.setup?.(app);
  for (const module of MODULES) module.handlers?.(app.events, app);

  await app.register(
    async (api) => {
      for (const module of MODULES) {
        if (module.routes && (!module.developmentOnly || config.isDevelopment)) await api.register(module.routes);
      }
    },
    { prefix: '/api' },
  );

  if (options.serveWeb) await app.register(spaPlugin, { dist: config.webDist });
  return app;
}
