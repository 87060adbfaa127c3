import {
  planningContract as contract,
  dbId,
  shiftPolicy as policy,
  SHIFT_MSG,
  SHIFT_STATUSES,
  shiftBody,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';
import { dateOf } from '../../lib/clock';
import { shiftCoverage } from './shift-coverage';
import { shiftsMap } from './shifts-map';

const idParams = z.object({ id: dbId() });
const cityDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SHIFT_MSG.invalidTime);
/** GET shifts: the page and the list's filters. */
export const shiftListQuery = pageQuerySchema.extend({
  captain_id: dbId().optional(),
  sector_id: dbId().optional(),
  status: z.enum(SHIFT_STATUSES).optional(),
  day: cityDay.optional(),
});

/** /shifts (PLANNING): captains' shifts, their coverage per sector and hour. */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shifts',
    { config: { policy: policy.read }, schema: replies(contract.shifts, { querystring: shiftListQuery }) },
    async (request) => ok(await app.shifts.list({ ...request.query, url: request.url })),
  );
  app.get(
    '/shifts/coverage',
    {
      config: { policy: policy.read },
      schema: replies(contract.coverage, { querystring: z.object({ day: cityDay }) }),
    },
    async (request) => ok(await shiftCoverage({ shifts: app.shifts, city: app.city }, request.query.day)),
  );
  app.get(
    '/shifts/map',
    {
      config: { policy: policy.map },
      schema: replies(contract.shiftsMap, {
        querystring: z.object({ at: z.iso.datetime({ offset: true }).optional() }),
      }),
    },
    async (request) => {
      const at = request.query.at ? new Date(request.query.at) : dateOf(app.clock);
      return ok(await shiftsMap({ shifts: app.shifts, geo: app.geo, city: app.city, positions: app.positions }, at));
    },
  );
  app.get(
    '/shifts/:id',
    { config: { policy: policy.read }, schema: replies(contract.shift, { params: idParams }) },
    async (request) => ok(await app.shifts.get(request.params.id)),
  );
  app.post(
    '/shifts',
    { config: { policy: policy.change }, schema: replies(contract.shift, { body: shiftBody }) },
    async (request) => ok(await app.shifts.create(request.body, request.user.id), SHIFT_MSG.saved),
  );
  app.put(
    '/shifts/:id',
    { config: { policy: policy.change }, schema: replies(contract.shift, { params: idParams, body: shiftBody }) },
    async (request) => ok(await app.shifts.update(request.params.id, request.body, request.user.id), SHIFT_MSG.saved),
  );
  app.delete(
    '/shifts/:id',
    { config: { policy: policy.change }, schema: replies(contract.shiftDeleted, { params: idParams }) },
    async (request) => {
      await app.shifts.remove(request.params.id, request.user.id);
      return ok(null, SHIFT_MSG.deleted);
    },
  );
};
