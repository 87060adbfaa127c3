import { bookingPolicy, bookingsContract as contract, dbId, NOT_MOVING } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookings } from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { lateBookingJob } from './jobs/late-booking';
import { sweepNotMoving } from './not-moving';

/** Development only (loopback): the booking timers the e2e runs would otherwise wait for. */
export const bookingsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.isDevelopment) return;
  // A pending "now" booking late at once, as if its late-booking timer had run out (its time moves back),
  // then that timer runs.
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

  // As if the not-moving check's minute were over: its start moves back (a check not started yet starts
  // there at the captain's live position), then the check runs. The e2e runs use it instead of waiting.
  app.post(
    '/bookings/dev/not-moving/:id',
    {
      config: { policy: bookingPolicy.devNotMoving, localOnly: true },
      schema: { params: z.object({ id: dbId() }), response: { 200: contract.booking } },
    },
    async (request) => {
      const deps = { db: app.db, clock: app.clock, bus: app.events, locations: app.locations };
      await sweepNotMoving(deps);
      const at = new Date(app.clock.now() - NOT_MOVING.afterS * 1000 - 1000);
      const [row] = await app.db
        .update(bookings)
        .set({ moveCheckAt: at })
        .where(eq(bookings.id, request.params.id))
        .returning({ id: bookings.id });
      if (!row) throw notFound();
      await sweepNotMoving(deps);
      return ok(await app.events.context().booking(row.id, true));
    },
  );
};
