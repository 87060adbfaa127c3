import {
  planningContract as contract,
  dbId,
  endScheduleBody,
  PROJECT_SCHEDULE_MSG,
  projectSchedulePolicy as policy,
  scheduleCalendarQuery,
  startScheduleBody,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });

/** The project schedule (people.md §7): pickers, the user's last schedule, start, end and the calendar. */
export const projectScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/projects', { config: { policy: policy.pickProjects }, schema: replies(contract.projects) }, async () =>
    ok(await app.projectSchedules.projects()),
  );
  app.get(
    '/project',
    {
      config: { policy: policy.pickProjects },
      schema: replies(contract.projectPage, { querystring: pageQuerySchema }),
    },
    async (request) => ok(await app.projectSchedules.projectPage({ ...request.query, url: request.url })),
  );
  app.get(
    '/last-project-schedule',
    { config: { policy: policy.own }, schema: replies(contract.lastSchedule) },
    async (request) => ok(await app.projectSchedules.last(request.user.id)),
  );
  app.post(
    '/user-project-schedules',
    { config: { policy: policy.own }, schema: replies(contract.schedule, { body: startScheduleBody }) },
    async (request) =>
      ok(await app.projectSchedules.start(request.user.id, request.body), PROJECT_SCHEDULE_MSG.started),
  );
  app.put(
    '/user-project-schedules/:id',
    { config: { policy: policy.own }, schema: replies(contract.schedule, { params: idParams, body: endScheduleBody }) },
    async (request) => {
      const userId = await app.projectSchedules.ownerOf(request.params.id);
      authorize(request, policy.change, { userId });
      return ok(
        await app.projectSchedules.end(request.user.id, request.params.id, request.body),
        PROJECT_SCHEDULE_MSG.ended,
      );
    },
  );
  app.get(
    '/user-project-schedules',
    { config: { policy: policy.own }, schema: replies(contract.schedules, { querystring: scheduleCalendarQuery }) },
    async (request) => {
      const { user_id, from, to } = request.query;
      authorize(request, policy.read, { userId: user_id });
      return ok(await app.projectSchedules.between(user_id, new Date(from), new Date(to)));
    },
  );
};
