import { actionLabel, csvExport, EXPORT_TEXT as T, TIMELINE_UI, timelinePolicy, timelineSubject } from '@taxi/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, users } from '../../db/schema';
import { csvCityDay, csvCityTime, csvTranslator, type KeysetKey, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { timelineQuery, visibleKinds } from './routes';
import { presentTimelineRow, timelineColumns, timelineWhere } from './stream';

/** GET timeline's filters without its page size: the kinds shown and the id range. */
const timelineExportQuery = timelineQuery.omit({ limit: true });

/** The timeline's order: newest first (ids grow with time). */
const KEYS: KeysetKey[] = [{ expr: auditLog.id, descending: true }];

/** GET timeline/export.csv: the audit trail of the timeline's kinds, newest first, as streamed CSV. */
export const timelineExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timeline/export.csv',
    {
      config: { policy: timelinePolicy.read },
      schema: { ...replies(csvExport('Timeline'), { querystring: timelineExportQuery }), tags: ['timeline'] },
    },
    async (request, reply) => {
      const { kinds: asked, before, after: from } = request.query;
      const kinds = visibleKinds(request.user, asked);
      // No kind chosen: the timeline shows nothing, so does its file.
      const where = kinds.length === 0 ? sql`false` : timelineWhere({ kinds, before, after: from });
      const [{ n }] = await app.db.select({ n: count() }).from(auditLog).where(where);
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'timeline',
        date: csvCityDay(app.clock),
        total: n,
        header: [T.id, T.datetime, T.kind, T.subject, T.action, T.actor].map(tr),
        batches: keysetBatches(KEYS, ({ after, order, cursor, limit }) =>
          app.db
            .select({ ...timelineColumns, ...cursor })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.actorId))
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: (r) => {
          const item = presentTimelineRow(r);
          return tr.within(() => [
            item.id,
            csvCityTime(r.log.createdAt),
            TIMELINE_UI.kinds[item.kind],
            timelineSubject(item),
            actionLabel(item.action),
            item.actor ?? TIMELINE_UI.system,
          ]);
        },
      });
    },
  );
};
