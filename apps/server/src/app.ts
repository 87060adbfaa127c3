import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { authPlugin } from './http/auth';
import { errorsPlugin } from './http/errors';
import { methodOverridePlugin } from './http/method-override';
import { formsPlugin } from './http/multipart';
import { spaFallback, spaPlugin } from './http/spa';
import { JobQueue } from './jobs/worker';
import { createMailer, type Mailer } from './lib/mailer';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limit';
import { dataDirSecret } from './lib/secret';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import cityRoutes from './modules/city/routes';
import { CityService } from './modules/city/service';
import { devRoutes } from './modules/dev/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { NotificationService } from './modules/notifications/service';
import { rolesRoutes } from './modules/roles/routes';
import { settingsRoutes } from './modules/settings/routes';
import { SettingsService } from './modules/settings/service';
import { systemRoutes } from './modules/system/routes';
import { UserService } from './modules/users/service';
import { createRealtime, type Realtime } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    realtime: Realtime;
    jobs: JobQueue;
    mailer: Mailer;
    auth: AuthService;
    settings: SettingsService;
    notifications: NotificationService;
    users: UserService;
    city: CityService;
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
}

/** Builds the app: plugins, then services, then modules. No listen (tests use app.inject). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.uploadMaxBytes,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // plugins
  app.decorate('config', config);
  app.decorate('db', db);
  await app.register(errorsPlugin, { notFound: options.serveWeb ? spaFallback(config.webDist) : undefined });
  if (config.corsOrigin) await app.register(cors, { origin: config.corsOrigin.split(','), credentials: true });
  await app.register(authPlugin, { db });
  await app.register(formsPlugin, { fileSizeLimit: config.uploadMaxBytes });
  await app.register(methodOverridePlugin, { db });

  // services (dependencies named; order explicit)
  const realtime = await createRealtime(app, { db, redisUrl: config.redisUrl, corsOrigin: config.corsOrigin });
  const mailer = options.mailer ?? createMailer(config.smtpUrl, config.mailFrom);
  app.decorate('realtime', realtime);
  app.decorate('mailer', mailer);
  app.decorate('jobs', new JobQueue(db, app.log));
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
    'city',
    options.city ??
      (await CityService.load(db, { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) })),
  );
  app.addHook('onClose', async () => {
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
      if (config.isDevelopment) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb) await app.register(spaPlugin, { dist: config.webDist });
  return app;
}
