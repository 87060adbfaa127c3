import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const rideParams = z.object({ rideId: z.coerce.number().int().positive() });
const rankingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  radius_m: z.coerce.number().int().min(100).max(100_000).default(15_000),
});

/** Live captain positions, ride routes and the ranked candidates of a booking. */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/tracking/captains', { config: { permission: 'MONITORING' } }, async () =>
    ok(await app.locations.trackedCaptains()),
  );

  app.get(
    '/captain/:id/location',
    { config: { permission: ['MONITORING', 'DISPATCHING'] }, schema: { params: idParams } },
    async (request) => ok(await app.locations.locationOf(request.params.id)),
  );

  app.get(
    '/ride/:rideId/route',
    { config: { permission: 'DISPATCHING' }, schema: { params: rideParams } },
    async (request) => ok(await app.dispatchEngine.rideRoute(request.params.rideId)),
  );

  app.get(
    '/dispatch/booking/:id/ranking',
    { config: { permission: 'DISPATCHING' }, schema: { params: idParams, querystring: rankingQuery } },
    async (request) =>
      ok(
        await app.dispatchEngine.rank(request.params.id, {
          k: request.query.limit,
          radiusM: request.query.radius_m,
        }),
      ),
  );
};
