import { timelineContract as contract, dbId, TIMELINE_KINDS, type TimelineKind, timelinePolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';
import { bookingStory } from './story';
import { timelinePage } from './stream';

const kindList = z
  .string()
  .max(200)
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(TIMELINE_KINDS)));
const streamQuery = z.object({
  kinds: kindList.optional(),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const idParams = z.object({ id: dbId() });

/** GET timeline (the audit trail as a live stream, by kind) and GET timeline/booking/:id (a booking's story). */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timeline',
    { config: { policy: timelinePolicy.read }, schema: replies(contract.page, { querystring: streamQuery }) },
    async (request) => {
      const q = request.query;
      // Staff actions outside bookings, complaints and tickets are for those who manage staff and settings.
      const visible = TIMELINE_KINDS.filter(
        (k) => k !== 'staff' || timelinePolicy.staffActions.allows(request.user, undefined),
      );
      const asked: readonly TimelineKind[] = q.kinds ?? visible;
      return ok(
        await timelinePage(app.db, {
          kinds: asked.filter((k) => visible.includes(k)),
          before: q.before,
          after: q.after,
          limit: q.limit,
        }),
      );
    },
  );

  app.get(
    '/timeline/booking/:id',
    { config: { policy: timelinePolicy.read }, schema: replies(contract.story, { params: idParams }) },
    async (request) => ok({ booking_id: request.params.id, items: await bookingStory(app.db, request.params.id) }),
  );
};
