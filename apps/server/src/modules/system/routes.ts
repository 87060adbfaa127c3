import { systemContract, systemPolicy } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { requestLanguage, translateMessage } from '../../http/i18n';
import { runSelfTest } from './self-test';
import { systemStatus } from './status';

/** Public facts the login screen needs (the production banner) and health probes for operators. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app_info',
    { config: { policy: systemPolicy.appInfo }, schema: { response: { 200: systemContract.appInfo } } },
    async () => ok({ app_env: app.config.appEnv, version: process.env.npm_package_version ?? '0.1.0' }),
  );
  app.get(
    '/health',
    { config: { policy: systemPolicy.probe }, schema: { response: { 200: systemContract.health } } },
    async () => ok({ status: 'ok' }),
  );
  app.get(
    '/system/status',
    { config: { policy: systemPolicy.status }, schema: { response: { 200: systemContract.status } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await systemStatus(app));
    },
  );
  app.post(
    '/system/self_test',
    { config: { policy: systemPolicy.selfTest }, schema: { response: { 200: systemContract.selfTest } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const run = await runSelfTest(app, request.user);
      const language = requestLanguage(request);
      const results = run.results.map((r) => ({ ...r, detail: translateMessage(language, r.detail) }));
      return ok({ ...run, results });
    },
  );
  app.get(
    '/ready',
    { config: { policy: systemPolicy.probe }, schema: { response: { 200: systemContract.ready } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return ok({ status: 'ready' });
    },
  );
};
