import { ticketsContract as contract, dbId, ticketPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';
import { SIM_TICKET_KINDS, simTicketFor } from '../../simulator/tickets';

/**
 * Development only (loopback): raises one ticket now as the simulated apps would (from a recent ride),
 * through the same service, so the e2e runs see 'new ticket' without waiting for the simulator.
 */
export const ticketsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.isDevelopment) return;
  app.post(
    '/tickets/dev/raise',
    {
      config: { policy: ticketPolicy.devRaise, localOnly: true },
      schema: replies(contract.created, {
        body: z
          .object({ kind: z.enum(SIM_TICKET_KINDS).optional(), booking_id: dbId().optional() })
          .optional()
          .default({}),
      }),
    },
    async (request) => {
      const input = await simTicketFor(app, request.body.kind ?? 'lost_item', Math.random, request.body.booking_id);
      return ok(await app.tickets.raiseFromApp(input));
    },
  );
};
