import { bookingsContract as contract, reservationPolicy } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookings } from '../../db/schema';
import { ok } from '../../http/envelope';
import { pageQuerySchema, paginate } from '../../http/pagination';
import { replies } from '../../http/schema';
import { presentBookings } from '../bookings/presenter';
import { bookingPageSource } from '../bookings/queries';

/** Scheduled bookings still waiting for a captain. */
const waiting = and(eq(bookings.status, 'PENDING'), eq(bookings.now, false));

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
    async (request) => {
      const page = await paginate(bookingPageSource(app.db, waiting, false), {
        page: request.query.page,
        perPage: request.query.perPage,
        url: request.url,
      });
      return ok({ ...page, data: await presentBookings(app.db, page.data) });
    },
  );
};
