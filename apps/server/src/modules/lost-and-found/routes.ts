import { lostAndFoundContract as contract, dbId, lostAndFoundPolicy, MSG } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';
import { lostItemHistory } from './history';

/** Beside the lost_and_found catalogue: an item's history (who changed what). */
export const lostAndFoundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lost_and_found/:id/history',
    {
      config: { policy: lostAndFoundPolicy.history },
      schema: replies(contract.history, { params: z.object({ id: dbId(MSG.notFound) }) }),
    },
    async (request) => ok(await lostItemHistory(app.db, request.params.id)),
  );
};
