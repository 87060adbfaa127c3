import {
  partnersContract as contract,
  dbId,
  MSG,
  PARTNER_MSG,
  partnerBookingSchema,
  partnerPolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId(MSG.notFound) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(15),
});
const DESK = { policy: partnerPolicy.desk };

/**
 * The partner desk: a hotel's, restaurant's or company's staff book for their guests and follow them. Its
 * bookings and guests are its own records (what it typed), never the passengers (SECURITY.md): the id of
 * partner/passengers/{id} is a guest record's.
 */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const desk = () => app.partnerDesk;
  app.get('/partner', { config: DESK, schema: replies(contract.partner) }, async (request) =>
    ok(await desk().self(request)),
  );
  app.get(
    '/partner/bookings',
    { config: DESK, schema: replies(contract.bookings, { querystring: pageQuery }) },
    async (request) => ok(await desk().bookings(request, request.query)),
  );
  app.get(
    '/partner/bookings/:id',
    { config: DESK, schema: replies(contract.booking, { params: idParams }) },
    async (request) => ok(await desk().booking(request, request.params.id)),
  );
  app.post(
    '/partner/bookings',
    {
      config: { ...DESK, idempotent: true },
      schema: { body: partnerBookingSchema, response: { 201: contract.booking } },
    },
    async (request, reply) => {
      const booking = await desk().book(request, request.body);
      return reply.status(201).send(ok(booking, PARTNER_MSG.created(booking.id)));
    },
  );
  app.get(
    '/partner/passengers',
    { config: DESK, schema: replies(contract.passengers, { querystring: pageQuery }) },
    async (request) => ok(await desk().guests(request, request.query)),
  );
  app.get('/partner/invoices', { config: DESK, schema: replies(contract.invoices) }, async (request) =>
    ok(await desk().invoices(request)),
  );
  app.get(
    '/partner/passengers/:id',
    { config: DESK, schema: replies(contract.passenger, { params: idParams }) },
    async (request) => ok(await desk().guest(request, request.params.id)),
  );
};
