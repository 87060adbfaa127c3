import { NOTIFICATION_BELL_COUNT, notificationPolicy, notificationsContract } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQuerySchema } from '../../http/pagination';

const querySchema = pageQuerySchema.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_BELL_COUNT),
});

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification',
    {
      config: { policy: notificationPolicy.list },
      schema: { querystring: querySchema, response: { 200: notificationsContract.list } },
    },
    async (request) => {
      const { page, perPage } = request.query;
      return ok(await app.notifications.list(request.user.id, { page, perPage, url: request.url }));
    },
  );
};
