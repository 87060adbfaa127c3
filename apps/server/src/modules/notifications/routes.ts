import {
  cityDayEnd,
  cityLocalToDate,
  dbId,
  NOTIFICATION_BELL_COUNT,
  NOTIFICATION_KINDS,
  notificationPolicy,
  notificationsContract,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { bool01, pageQuerySchema } from '../../http/pagination';

const DAY_FORMAT_MESSAGE = tr('Use the format {{format}}', { format: 'YYYY-MM-DD' });
/** A city-local day, YYYY-MM-DD: `from` is its first instant, `to` (inclusive) ends at the next local midnight. */
const day = (end: boolean) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_FORMAT_MESSAGE)
    .transform((value, ctx) => {
      const at = end ? cityDayEnd(value) : cityLocalToDate(value);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: DAY_FORMAT_MESSAGE });
        return z.NEVER;
      }
      return at;
    });

const querySchema = pageQuerySchema.pick({ page: true }).extend({
  perPage: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_BELL_COUNT),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  unread: bool01.optional(),
  from: day(false).optional(),
  to: day(true).optional(),
});

const readBody = z.union([
  z.object({ ids: z.array(dbId()).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification',
    {
      config: { policy: notificationPolicy.list },
      schema: { querystring: querySchema, response: { 200: notificationsContract.list } },
    },
    async (request) => ok(await app.notifications.list(request.user.id, { ...request.query, url: request.url })),
  );

  app.get(
    '/notification/unread_count',
    { config: { policy: notificationPolicy.list }, schema: { response: { 200: notificationsContract.unread } } },
    async (request) => ok({ unread: await app.notifications.unreadCount(request.user.id) }),
  );

  app.put(
    '/notification/read',
    {
      config: { policy: notificationPolicy.markRead },
      schema: { body: readBody, response: { 200: notificationsContract.read } },
    },
    async (request) => {
      const body = request.body;
      const marked = await app.notifications.markRead(request.user.id, 'all' in body ? 'all' : body.ids);
      return ok({ marked, unread: await app.notifications.unreadCount(request.user.id) });
    },
  );
};
