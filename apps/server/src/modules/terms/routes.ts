import { captainPolicy, termsContract as contract, dbId, passengerPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });

/** Where a passenger or a captain stands with the current terms (their pages show it). */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/passenger/:id/terms',
    { config: { policy: passengerPolicy.read }, schema: replies(contract.status, { params: idParams }) },
    async (request) => {
      await app.passengers.getPassenger(request.params.id);
      return ok(await app.terms.status('passenger', request.params.id));
    },
  );
  app.get(
    '/captain/:id/terms',
    { config: { policy: captainPolicy.read }, schema: replies(contract.status, { params: idParams }) },
    async (request) => {
      await app.captains.getCaptain(request.params.id);
      return ok(await app.terms.status('captain', request.params.id));
    },
  );
};
