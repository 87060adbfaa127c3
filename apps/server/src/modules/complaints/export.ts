import { complaintPolicy, csvExport, EXPORT_TEXT as T } from '@taxi/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintAudios, complaintCategories, complaintComments, complaints, users } from '../../db/schema';
import { csvCityDay, csvCityTime, csvTranslator, type KeysetKey, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { complaintExportQuery, complaintLogWhere, personName } from './log';

/** The log's order, newest first: (created_at, id) ends each filter's index. */
const KEYS: KeysetKey[] = [
  { expr: complaints.createdAt, descending: true },
  { expr: complaints.id, descending: true },
];

/** GET complaints/export.csv: the complaint log of GET complaints' filter, newest first, as streamed CSV. */
export const complaintsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/complaints/export.csv',
    {
      config: { policy: complaintPolicy.log },
      schema: { ...replies(csvExport('Complaints'), { querystring: complaintExportQuery }), tags: ['complaints'] },
    },
    async (request, reply) => {
      const where = complaintLogWhere(request.query);
      const [{ n }] = await app.db.select({ n: count() }).from(complaints).where(where);
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'complaints',
        date: csvCityDay(app.clock),
        total: n,
        header: [
          T.id,
          T.status,
          T.category,
          T.description,
          T.orderNumber,
          T.captainId,
          T.passengerId,
          T.author,
          T.audioFiles,
          T.comments,
          T.created,
        ].map(tr),
        batches: keysetBatches(KEYS, ({ after, order, cursor, limit }) =>
          app.db
            .select({
              id: complaints.id,
              status: complaints.status,
              category: complaintCategories.name,
              description: complaints.description,
              bookingId: complaints.bookingId,
              captainId: complaints.captainId,
              passengerId: complaints.passengerId,
              doerFirst: users.firstName,
              doerLast: users.lastName,
              audios: sql<number>`(select count(*)::int from ${complaintAudios} where ${complaintAudios.complaintId} = ${complaints.id})`,
              comments: sql<number>`(select count(*)::int from ${complaintComments} where ${complaintComments.complaintId} = ${complaints.id})`,
              createdAt: complaints.createdAt,
              ...cursor,
            })
            .from(complaints)
            .leftJoin(users, eq(users.id, complaints.doer))
            .leftJoin(complaintCategories, eq(complaintCategories.id, complaints.categoryId))
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: (c) => [
          c.id,
          tr(c.status),
          c.category,
          c.description,
          c.bookingId,
          c.captainId,
          c.passengerId,
          personName(c.doerFirst, c.doerLast),
          Number(c.audios),
          Number(c.comments),
          csvCityTime(c.createdAt),
        ],
      });
    },
  );
};
