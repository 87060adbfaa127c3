import path from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { authPlugin } from './http/auth';
import { errorsPlugin } from './http/errors';
import { headersPlugin } from './http/headers';
import { idempotencyPlugin } from './http/idempotency';
import { methodOverridePlugin } from './http/method-override';
import { formsPlugin } from './http/multipart';
import { spaFallback, spaPlugin } from './http/spa';
import { JobQueue } from './jobs/worker';
import { type Clock, systemClock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limit';
import { dataDirSecret } from './lib/secret';
import { LocalFileStorage } from './lib/storage';
import { aiRoutes, createAi } from './modules/ai';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { bookingsRoutes } from './modules/bookings/routes';
import { BookingService } from './modules/bookings/service';
import cityRoutes from './modules/city/routes';
import { CityService } from './modules/city/service';
import { complaintsRoutes } from './modules/complaints/routes';
import { ComplaintService } from './modules/complaints/service';
import { devRoutes } from './modules/dev/routes';
import { filesRoutes } from './modules/files/routes';
import { FileService } from './modules/files/service';
import { notificationsRoutes } from './modules/notifications/routes';
import { NotificationService } from './modules/notifications/service';
import { paymentsRoutes } from './modules/payments/routes';
import { peopleRoutes } from './modules/people/routes';
import { PeopleService } from './modules/people/service';
import { resourcesRoutes } from './modules/resources/routes';
import { rolesRoutes } from './modules/roles/routes';
import { settingsRoutes } from './modules/settings/routes';
import { SettingsService } from './modules/settings/service';
import { systemRoutes } from './modules/system/routes';
import { createTracking, trackingRoutes } from './modules/tracking';
import { UserService } from './modules/users/service';
import { Metrics, metricsPlugin } from './ops/metrics';
import { genReqId, requestIdPlugin } from './ops/request-id';
import { createRealtime, type Realtime } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The one clock of the server (lib/clock.ts); tests inject a ManualClock. */
    clock: Clock;
    realtime: Realtime;
    jobs: JobQueue;
    mailer: Mailer;
    auth: AuthService;
    settings: SettingsService;
    notifications: NotificationService;
    users: UserService;
    city: CityService;
    positions: import('./dispatch/spatial-index').PositionIndex<import('./modules/tracking/service').LiveMeta>;
    locations: import('./modules/tracking/service').LocationService;
    dispatchEngine: import('./dispatch/service').DispatchService;
    files: FileService;
    people: PeopleService;
    bookings: BookingService;
    complaints: ComplaintService;
    ai: import('./dispatch/ai/service').AiService;
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
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // plugins
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', options.clock ?? systemClock);
  await app.register(requestIdPlugin);
  await app.register(headersPlugin, { tileUrl: config.tileUrl, corsOrigin: config.corsOrigin });
  await app.register(errorsPlugin, { notFound: options.serveWeb ? spaFallback(config.webDist) : undefined });
  if (config.corsOrigin) await app.register(cors, { origin: config.corsOrigin.split(','), credentials: true });
  await app.register(authPlugin, { db });
  await app.register(formsPlugin, { fileSizeLimit: config.uploadMaxBytes });
  await app.register(methodOverridePlugin);
  await app.register(idempotencyPlugin, { db });

  // services (dependencies named; order explicit)
  const metrics = new Metrics({ sockets: () => app.realtime.io.of('/').sockets.size, db });
  app.decorate('metrics', metrics);
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
  app.decorate('jobs', new JobQueue(db, app.log, metrics.observeJob));
  app.decorate(
    'auth',
    new AuthService({
      db,
      config,
      mailer,
      limiter: options.limiter ?? new MemoryRateLimiter(),
      log: app.log,
      chatSecret: config.chatTokenSecret ?? dataDirSecret(config.dataDir),
    }),
  );
  app.decorate('settings', new SettingsService(db));
  app.decorate('notifications', new NotificationService(db, realtime));
  app.decorate('users', new UserService(db, realtime));
  app.decorate(
    'files',
    new FileService(new LocalFileStorage(path.join(config.dataDir, 'uploads')), config.uploadMaxBytes),
  );
  app.decorate('people', new PeopleService(db, realtime, app.files));
  app.decorate(
    'city',
    options.city ??
      (await CityService.load(db, { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) })),
  );
  app.decorate('bookings', new BookingService({ db, realtime, jobs: app.jobs, city: app.city, log: app.log }));
  app.bookings.registerJobs();
  app.decorate(
    'complaints',
    new ComplaintService({
      db,
      storage: app.files.storage,
      realtime,
      bookings: app.bookings,
      uploadMaxBytes: config.uploadMaxBytes,
    }),
  );
  const tracking = await createTracking({
    db,
    realtime,
    city: app.city,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
  });
  app.decorate('positions', tracking.positions).decorate('locations', tracking.locations);
  app.decorate('dispatchEngine', tracking.dispatchEngine);
  await tracking.start();
  app.decorate('ai', createAi(app));
  app.addHook('onClose', async () => {
    await tracking.close();
    await app.jobs.stop();
    await realtime.close();
  });

  // modules
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(settingsRoutes);
      await api.register(rolesRoutes);
      await api.register(notificationsRoutes);
      await api.register(cityRoutes, { city: app.city });
      await api.register(trackingRoutes);
      await api.register(filesRoutes);
      await api.register(peopleRoutes);
      await api.register(bookingsRoutes);
      await api.register(complaintsRoutes);
      await api.register(aiRoutes);
      await api.register(resourcesRoutes);
      await api.register(paymentsRoutes);
      if (config.isDevelopment) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb) await app.register(spaPlugin, { dist: config.webDist });
  return app;
}
