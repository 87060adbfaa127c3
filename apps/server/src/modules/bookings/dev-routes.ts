import { bookingPolicy, bookingsContract as contract, dbId } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookings } from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { lateBookingJob } from './jobs/late-booking';

/**
 * Development only (loopback): makes a pending "now" booking late at once, as if its late-booking timer
 * had run out (its time moves back), then runs that timer. The e2e runs use it instead of waiting.
 */
export const bookingsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.isDevelopment) return;
  app.post(
    '/bookings/dev/late/:id',
    {
      config: { policy: bookingPolicy.devLate, localOnly: true },
      schema: { params: z.object({ id: dbId() }), response: { 200: contract.booking } },
    },
    async (request) => {
      const at = new Date(app.clock.now() - (await app.dispatchConfig.current()).lateBookingMs - 1000);
      const [row] = await app.db
        .update(bookings)
        .set({ datetime: at })
        .where(eq(bookings.id, request.params.id))
        .returning({ id: bookings.id });
      if (!row) throw notFound();
      await lateBookingJob(app.bookings.deps, app.realtime)({ booking_id: row.id });
      return ok(await app.events.context().booking(row.id, true));
    },
  );
};
