import {
  planningContract as contract,
  dbId,
  vacationPolicy as policy,
  refuseVacationBody,
  VACATION_MSG,
  VACATION_STATUSES,
  vacationBody,
  vacationDay,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });
/** GET vacations: the page and the list's filters. */
export const vacationListQuery = pageQuerySchema.extend({
  status: z.enum(VACATION_STATUSES).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, VACATION_MSG.invalidDate)
    .optional(),
  /** `mine` lists one's own requests even for those who see everyone's. */
  mine: z.enum(['0', '1']).optional(),
});

/** /vacations: staff leave requests, their decisions, and the staff at work per day. */
export const vacationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vacations',
    { config: { policy: policy.request }, schema: replies(contract.vacations, { querystring: vacationListQuery }) },
    async (request) => {
      const all = policy.seeAll.allows(request.user) && request.query.mine !== '1';
      return ok(await app.vacations.list({ ...request.query, userId: all ? null : request.user.id, url: request.url }));
    },
  );
  app.get(
    '/vacations/coverage',
    {
      config: { policy: policy.seeAll },
      schema: replies(contract.vacationCoverage, { querystring: z.object({ from: vacationDay, to: vacationDay }) }),
    },
    async (request) => ok(await app.vacations.coverage(request.query.from, request.query.to)),
  );
  app.post(
    '/vacations',
    { config: { policy: policy.request }, schema: replies(contract.vacation, { body: vacationBody }) },
    async (request) => ok(await app.vacations.request(request.user.id, request.body), VACATION_MSG.requested),
  );
  app.put(
    '/vacations/:id/approve',
    { config: { policy: policy.decideAny }, schema: replies(contract.vacation, { params: idParams }) },
    async (request) => {
      authorize(request, policy.decide, { userId: await app.vacations.ownerOf(request.params.id) });
      return ok(await app.vacations.decide(request.user.id, request.params.id, 'approved'), VACATION_MSG.approvedToast);
    },
  );
  app.put(
    '/vacations/:id/refuse',
    {
      config: { policy: policy.decideAny },
      schema: replies(contract.vacation, { params: idParams, body: refuseVacationBody }),
    },
    async (request) => {
      authorize(request, policy.decide, { userId: await app.vacations.ownerOf(request.params.id) });
      const refused = await app.vacations.decide(
        request.user.id,
        request.params.id,
        'refused',
        request.body.reason ?? null,
      );
      return ok(refused, VACATION_MSG.refusedToast);
    },
  );
};
