import { AIRPORT_MSG, airportPolicy, airportRequestSchema, airportContract as contract, dbId, MSG } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId(MSG.notFound) });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(15),
});
const DESK = { policy: airportPolicy.desk };

/** The airport desk (airport/create): roles 11 and 12 of an agency file and follow airport requests. */
export const airportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/airport/requests',
    { config: DESK, schema: replies(contract.page, { querystring: listQuery }) },
    async (request) => ok(await app.airport.list(request, request.query)),
  );
  app.get(
    '/airport/requests/:id',
    { config: DESK, schema: replies(contract.request, { params: idParams }) },
    async (request) => ok(await app.airport.show(request, request.params.id)),
  );
  app.post(
    '/airport/requests',
    {
      config: { ...DESK, idempotent: true },
      schema: { body: airportRequestSchema, response: { 201: contract.request } },
    },
    async (request, reply) => {
      const created = await app.airport.file(request, request.body);
      return reply.status(201).send(ok(created, AIRPORT_MSG.created(created.id)));
    },
  );
};
