import { bookingsContract as contract, reservationPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';
import { reservationQueuePage } from './queue';

/**
 * GET reservation_queue: the scheduled bookings waiting for a captain, soonest first. They are assigned
 * with the dispatch command (PUT dispatch/{booking}/{captain}), which checks the seasonal allowance.
 */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reservation_queue',
    {
      config: { policy: reservationPolicy.queue },
      schema: replies(contract.page, { querystring: pageQuerySchema.pick({ page: true, perPage: true }) }),
    },
    async (request) =>
      ok(
        await reservationQueuePage(app.db, {
          page: request.query.page,
          perPage: request.query.perPage,
          url: request.url,
        }),
      ),
  );
};
