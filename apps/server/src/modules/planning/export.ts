import { csvExport, shiftPolicy, shiftStatusLabel, EXPORT_TEXT as T, VACATION_MSG, vacationPolicy } from '@taxi/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shifts, users, vacations } from '../../db/schema';
import { csvCityDay, csvCityTime, csvTranslator, type KeysetKey, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { shiftListQuery } from './shift-routes';
import { vacationListQuery } from './vacation-routes';
import { decider, vacationColumns } from './vacations';

/** The lists' filters without paging: each page exports what it shows. */
const shiftExportQuery = shiftListQuery.omit({ page: true, perPage: true });
const vacationExportQuery = vacationListQuery.omit({ page: true, perPage: true });

/** GET shifts' order: newest start first. */
const SHIFT_KEYS: KeysetKey[] = [
  { expr: shifts.startsAt, descending: true },
  { expr: shifts.id, descending: true },
];
/** GET vacations' order: the latest first day first. */
const VACATION_KEYS: KeysetKey[] = [
  { expr: vacations.from, descending: true },
  { expr: vacations.id, descending: true },
];

/** GET shifts/export.csv and vacations/export.csv: the two planning lists as streamed CSV. */
export const planningExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shifts/export.csv',
    {
      config: { policy: shiftPolicy.read },
      schema: { ...replies(csvExport('Shifts'), { querystring: shiftExportQuery }), tags: ['shift'] },
    },
    async (request, reply) => {
      const where = app.shifts.where(request.query);
      const [{ n }] = await app.db.select({ n: count() }).from(shifts).where(where);
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'shifts',
        date: csvCityDay(app.clock),
        total: n,
        header: [T.id, T.captain, T.zone, T.start, T.end, T.status, T.started, T.ended].map(tr),
        batches: keysetBatches(SHIFT_KEYS, ({ after, order, cursor, limit }) =>
          app.shifts
            .select(app.db, cursor)
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: ({ shift: s, name }) => [
          s.id,
          name,
          app.shifts.sectorNames(s.sectorIds).join(', '),
          csvCityTime(s.startsAt),
          csvCityTime(s.endsAt),
          tr.within(() => shiftStatusLabel(s.status, s.startedAt !== null)),
          csvCityTime(s.startedAt),
          csvCityTime(s.endedAt),
        ],
      });
    },
  );

  app.get(
    '/vacations/export.csv',
    {
      config: { policy: vacationPolicy.request },
      schema: { ...replies(csvExport('Leave requests'), { querystring: vacationExportQuery }), tags: ['vacation'] },
    },
    async (request, reply) => {
      const { mine, ...filters } = request.query;
      // As GET vacations: everyone's requests for those who see them all, else one's own.
      const all = vacationPolicy.seeAll.allows(request.user) && mine !== '1';
      const where = app.vacations.where({ ...filters, userId: all ? null : request.user.id });
      const [{ n }] = await app.db.select({ n: count() }).from(vacations).where(where);
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'vacations',
        date: csvCityDay(app.clock),
        total: n,
        header: [
          T.id,
          T.staffMember,
          T.from,
          T.to,
          T.days,
          T.reason,
          T.status,
          T.decidedBy,
          T.decidedAt,
          T.refusalReason,
          T.created,
        ].map(tr),
        batches: keysetBatches(VACATION_KEYS, ({ after, order, cursor, limit }) =>
          app.db
            .select({ ...vacationColumns, ...cursor })
            .from(vacations)
            .innerJoin(users, eq(users.id, vacations.userId))
            .leftJoin(decider, eq(decider.id, vacations.decidedBy))
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: (r) => {
          const v = app.vacations.present(r);
          return [
            v.id,
            v.user.name,
            v.from,
            v.to,
            v.days,
            v.reason,
            tr.within(() => VACATION_MSG[v.status]),
            v.decided_by,
            csvCityTime(r.v.decidedAt),
            v.refusal_reason,
            csvCityTime(r.v.createdAt),
          ];
        },
      });
    },
  );
};
