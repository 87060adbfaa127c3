import { systemContract, systemPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { listOutbox } from '../auth/queries';

/**
 * Development only (app.ts registers it only when APP_ENV=development): the local mail outbox, which
 * holds login codes — so it answers loopback clients only (404 for anyone else).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      config: { policy: systemPolicy.devOutbox, localOnly: true },
      schema: { response: { 200: systemContract.devOutbox } },
    },
    async () => {
      const rows = await listOutbox(app.db);
      return ok(
        rows.map((r) => ({
          to: r.to,
          subject: r.subject,
          text: r.text,
          code: r.code,
          created_at: r.createdAt.toISOString(),
        })),
      );
    },
  );
};
