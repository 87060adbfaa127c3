import { captainContractBody, captainPolicy, contractsContract as contract, dbId } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });

/** A captain's contract level (the captain page reads it; staff who change captains set it). */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captain/:id/contract',
    { config: { policy: captainPolicy.read }, schema: replies(contract.captainContract, { params: idParams }) },
    async (request) => {
      await app.captains.getCaptain(request.params.id);
      return ok(await app.captainContracts.get(request.params.id));
    },
  );
  app.put(
    '/captain/:id/contract',
    {
      config: { policy: captainPolicy.change },
      schema: replies(contract.captainContract, { params: idParams, body: captainContractBody }),
    },
    async (request) => {
      await app.captains.getCaptain(request.params.id);
      return ok(await app.captainContracts.set(request.user.id, request.params.id, request.body.contract_level_id));
    },
  );
};
