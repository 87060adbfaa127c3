import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { listOutbox } from '../auth/queries';

/** Development only (app.ts does not register it in production): the local mail outbox. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { config: { public: true } }, async () => {
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
  });
};
