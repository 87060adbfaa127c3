import { partnersContract as contract, PARTNER_KINDS, partnerPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQuerySchema, paginate } from '../../http/pagination';
import { replies } from '../../http/schema';
import { partnerOptionsPage } from './queries';

const optionsQuery = pageQuerySchema.pick({ page: true, search: true }).extend({
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(PARTNER_KINDS).optional(),
});

/** Staff: the hotels, restaurants and companies a phone booking may be made for (its partner picker). */
export const partnerPickRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners',
    { config: { policy: partnerPolicy.options }, schema: replies(contract.options, { querystring: optionsQuery }) },
    async (request) => {
      const { kind, search, page, perPage } = request.query;
      return ok(await paginate(partnerOptionsPage(app.db, { kind, search }), { page, perPage, url: request.url }));
    },
  );
};
