import { timelineContract as contract, dbId, TIMELINE_KINDS, type TimelineKind, timelinePolicy } from '@taxi/shared';
import type { FastifyRequest } from 'fastify';
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
/** GET timeline: the kinds (every kind the reader may see when absent), an id range and a page size. */
export const timelineQuery = z.object({
  kinds: kindList.optional(),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const idParams = z.object({ id: dbId() });

/** The kinds asked for that the reader may see: staff actions outside bookings, complaints and tickets are
 * for those who manage staff and settings. */
export function visibleKinds(user: FastifyRequest['user'], asked: readonly TimelineKind[] | undefined): TimelineKind[] {
  const visible = TIMELINE_KINDS.filter((k) => k !== 'staff' || timelinePolicy.staffActions.allows(user, undefined));
  return (asked ?? visible).filter((k) => visible.includes(k));
}

/** GET timeline (the audit trail as a live stream, by kind) and GET timeline/booking/:id (a booking's story). */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timeline',
    { config: { policy: timelinePolicy.read }, schema: replies(contract.page, { querystring: timelineQuery }) },
    async (request) => {
      const q = request.query;
      return ok(
        await timelinePage(app.db, {
          kinds: visibleKinds(request.user, q.kinds),
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
