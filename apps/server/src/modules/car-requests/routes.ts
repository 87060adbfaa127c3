import {
  CAR_REQUEST_MSG,
  CAR_REQUEST_STATUSES,
  carRequestInputSchema,
  carRequestPolicy,
  carRequestRefuseSchema,
  carRequestsContract as contract,
  dbId,
  MSG,
  RESOURCE_MSG,
  ROWS_PER_PAGE_OPTIONS,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQueryAmong } from '../../http/pagination';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId(MSG.notFound) });
const listQuery = pageQueryAmong(new Set(ROWS_PER_PAGE_OPTIONS), RESOURCE_MSG.invalidPerPage)
  .pick({ page: true, perPage: true })
  .extend({ status: z.enum(CAR_REQUEST_STATUSES, { error: RESOURCE_MSG.invalidOption }).optional() });

/** Captains' car requests: the list (pending first), one request, approve, refuse; a dev loopback files one. */
export const carRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/car_requests',
    { config: { policy: carRequestPolicy.read }, schema: replies(contract.requests, { querystring: listQuery }) },
    async (request) => {
      const { status, ...paging } = request.query;
      return ok(await app.carRequests.list({ ...paging, url: request.url }, status));
    },
  );

  app.get(
    '/car_requests/:id',
    { config: { policy: carRequestPolicy.read }, schema: replies(contract.request, { params: idParams }) },
    async (request) => ok(await app.carRequests.get(request.params.id)),
  );

  app.put(
    '/car_requests/:id/approve',
    { config: { policy: carRequestPolicy.decide }, schema: replies(contract.request, { params: idParams }) },
    async (request) => ok(await app.carRequests.approve(request.params.id, request.user.id), CAR_REQUEST_MSG.approved),
  );

  app.put(
    '/car_requests/:id/refuse',
    {
      config: { policy: carRequestPolicy.decide },
      schema: replies(contract.request, { params: idParams, body: carRequestRefuseSchema }),
    },
    async (request) =>
      ok(
        await app.carRequests.refuse(request.params.id, request.body.reason, request.user.id),
        CAR_REQUEST_MSG.refused,
      ),
  );

  // Development only: plays a captain's app filing a request (the e2e runs have no simulator).
  if (app.config.isDevelopment) {
    app.post(
      '/car_requests/dev/file',
      {
        config: { policy: carRequestPolicy.devFile, localOnly: true },
        schema: replies(contract.request, {
          body: z.intersection(z.object({ captain_id: dbId(CAR_REQUEST_MSG.unknownCaptain) }), carRequestInputSchema),
        }),
      },
      async (request) => {
        const { captain_id, ...input } = request.body;
        return ok(await app.carRequests.file(captain_id, input), CAR_REQUEST_MSG.filed);
      },
    );
  }
};
