import {
  bookInterviewBody,
  captainPolicy,
  planningContract as contract,
  dbId,
  INTERVIEW_MSG,
  interviewOutcomeBody,
  interviewSlotBody,
  interviewPolicy as policy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { bool01, pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });
const slotQuery = pageQuerySchema.extend({ free: bool01.optional(), upcoming: bool01.optional() });
const interviewQuery = pageQuerySchema.extend({ waiting: bool01.optional() });

/** /available_interview_times and /interviews (PLANNING): slots, bookings and outcomes. */
export const interviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/available_interview_times',
    { config: { policy: policy.read }, schema: replies(contract.interviewSlots, { querystring: slotQuery }) },
    async (request) => {
      const { free, upcoming, ...page } = request.query;
      const from = upcoming ? new Date(app.clock.now()) : undefined;
      return ok(await app.interviews.list({ ...page, free, from, url: request.url }));
    },
  );
  app.post(
    '/available_interview_times',
    { config: { policy: policy.change }, schema: replies(contract.interviewSlot, { body: interviewSlotBody }) },
    async (request) => ok(await app.interviews.publish(request.user.id, request.body), INTERVIEW_MSG.published),
  );
  app.delete(
    '/available_interview_times/:id',
    { config: { policy: policy.change }, schema: replies(contract.interviewDeleted, { params: idParams }) },
    async (request) => {
      await app.interviews.remove(request.user.id, request.params.id);
      return ok(null, INTERVIEW_MSG.removed);
    },
  );
  app.get(
    '/interviews',
    { config: { policy: policy.read }, schema: replies(contract.interviewSlots, { querystring: interviewQuery }) },
    async (request) => {
      const { waiting, ...page } = request.query;
      return ok(await app.interviews.list({ ...page, booked: true, waiting, url: request.url }));
    },
  );
  app.post(
    '/interviews',
    { config: { policy: policy.change }, schema: replies(contract.interviewSlot, { body: bookInterviewBody }) },
    async (request) =>
      ok(
        await app.interviews.book(request.user.id, request.body.slot_id, request.body.captain_id),
        INTERVIEW_MSG.booked,
      ),
  );
  app.put(
    '/interviews/:id/outcome',
    {
      config: { policy: policy.change },
      schema: replies(contract.interviewSlot, { params: idParams, body: interviewOutcomeBody }),
    },
    async (request) => {
      // Passing activates the captain: the activation's own rule too.
      if (request.body.outcome === 'passed') authorize(request, captainPolicy.change);
      return ok(await app.interviews.decide(request.user.id, request.params.id, request.body), INTERVIEW_MSG.recorded);
    },
  );
};
