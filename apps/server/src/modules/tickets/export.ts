import {
  csvExport,
  EXPORT_TEXT as T,
  TICKET_STATUS_LABELS,
  ticketAuthorName,
  ticketAuthorTypeLabel,
  ticketPolicy,
  ticketSubjectTypeLabel,
} from '@taxi/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tickets, ticketTypes } from '../../db/schema';
import { csvCityDay, csvCityTime, csvTranslator, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { dateOf } from '../../lib/clock';
import { assignees, briefColumns, presentTicket, ticketOrderKeys, ticketWhere } from './queries';
import { ticketListQuery } from './routes';

/** GET tickets' filters without paging: the monitoring exports what it shows. */
const ticketExportQuery = ticketListQuery.omit({ page: true, perPage: true });

/** GET tickets/export.csv: the tickets of the monitoring's filter, in its order, as streamed CSV. */
export const ticketsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/export.csv',
    {
      config: { policy: ticketPolicy.read },
      schema: { ...replies(csvExport('Tickets'), { querystring: ticketExportQuery }), tags: ['tickets'] },
    },
    async (request, reply) => {
      // One moment for the count and every batch: the age and overdue filters do not drift while it streams.
      const now = dateOf(app.clock);
      const where = ticketWhere(request.query, now);
      const [{ n }] = await app.db.select({ n: count() }).from(tickets).where(where);
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'tickets',
        date: csvCityDay(app.clock),
        total: n,
        header: [
          T.id,
          T.type,
          T.status,
          T.author,
          T.authorType,
          T.name,
          T.subjectType,
          T.identifier,
          T.assignee,
          T.orderNumber,
          T.created,
          T.updated,
          T.due,
        ].map(tr),
        batches: keysetBatches(ticketOrderKeys(request.query.overdue), ({ after, order, cursor, limit }) =>
          app.db
            .select({ ...briefColumns, ...cursor })
            .from(tickets)
            .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.typeId))
            .leftJoin(assignees, eq(assignees.id, tickets.assigneeId))
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: (r) => {
          const t = presentTicket(r);
          return tr.within(() => [
            t.id,
            // Stored in English, translated at render as the monitoring does.
            tr(t.type.title),
            TICKET_STATUS_LABELS[t.status],
            t.author ? ticketAuthorName(t) : '',
            ticketAuthorTypeLabel(t.author_type),
            t.subject,
            t.subject_type ? ticketSubjectTypeLabel(t.subject_type) : '',
            t.subject_id,
            t.assignee?.name,
            t.booking_id,
            csvCityTime(r.ticket.createdAt),
            csvCityTime(r.ticket.updatedAt),
            csvCityTime(r.ticket.slaDueAt),
          ]);
        },
      });
    },
  );
};
