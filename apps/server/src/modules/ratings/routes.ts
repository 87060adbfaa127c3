import { bookingPolicy, captainPolicy, ratingsContract as contract, dbId, MSG } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId(MSG.notFound) });

/** The console's reads of the ride ratings (the apps rate through RatingService.rate). */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/booking/:id/ratings',
    { config: { policy: bookingPolicy.ratings }, schema: replies(contract.booking, { params: idParams }) },
    async (request) => ok(await app.ratings.forBooking(request.params.id)),
  );

  app.get(
    '/captain/:id/rating',
    { config: { policy: captainPolicy.rating }, schema: replies(contract.captain, { params: idParams }) },
    async (request) => ok(await app.ratings.forCaptain(request.params.id)),
  );
};
