import { bookingPolicy, trackingContract as contract, dbId, trackingPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';

const idParams = z.object({ id: dbId() });
const rideParams = z.object({ rideId: dbId() });
const rankingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Without it, the dispatching settings' search radius. */
  radius_m: z.coerce.number().int().min(100).max(100_000).optional(),
});

/** Live captain positions, ride routes and the ranked candidates of a booking. */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracking/captains',
    { config: { policy: trackingPolicy.fleet }, schema: { response: { 200: contract.captains } } },
    async () => ok(await app.locations.trackedCaptains()),
  );

  app.get(
    '/captain/:id/location',
    {
      config: { policy: trackingPolicy.captain },
      schema: { params: idParams, response: { 200: contract.captainLocation } },
    },
    async (request) => ok(await app.locations.locationOf(request.params.id)),
  );

  app.get(
    '/ride/:rideId/route',
    { config: { policy: trackingPolicy.ride }, schema: { params: rideParams, response: { 200: contract.rideRoute } } },
    async (request) => ok(await app.dispatchEngine.rideRoute(request.params.rideId)),
  );

  app.get(
    '/dispatch/booking/:id/ranking',
    {
      config: { policy: bookingPolicy.read },
      schema: { params: idParams, querystring: rankingQuery, response: { 200: contract.ranking } },
    },
    async (request) =>
      ok(
        await app.dispatchEngine.rank(request.params.id, {
          k: request.query.limit,
          radiusM: request.query.radius_m,
          // Captains about to finish a trip near the pickup are shown too (flagged with clears_in_s).
          soonToClearMs: (await app.dispatchConfig.current()).soonToClearMs,
        }),
      ),
  );
};
