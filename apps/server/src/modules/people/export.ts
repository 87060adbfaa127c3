import {
  captainPolicy,
  csvExport,
  dateToCityLocal,
  exportIdsQuery,
  passengerPolicy,
  EXPORT_TEXT as T,
} from '@taxi/shared';
import { and, count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captains, passengers } from '../../db/schema';
import { csvTranslator, type KeysetKey, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { dateOf } from '../../lib/clock';
import { CAPTAIN_SORTS, captainWhere, PASSENGER_SORTS, passengerWhere } from './queries';
import { captainListQuery, passengerListQuery } from './routes';

/**
 * The lists' own query schemas without paging: the export is the list's filter, every row of it, or the rows
 * of it the list has selected (`ids=3,5,8`).
 */
const selection = { ids: exportIdsQuery.optional() };
const passengerExportQuery = passengerListQuery.omit({ page: true, perPage: true }).extend(selection);
const captainExportQuery = captainListQuery.omit({ page: true, perPage: true }).extend(selection);

/** The list's order (passengerOrder / captainOrder) as keyset keys: the sort column, then the id. */
function sortKeys<K extends string>(
  sorts: ReadonlyMap<K, KeysetKey['expr']>,
  id: KeysetKey['expr'],
  sortBy: K | undefined,
  descending: boolean,
): KeysetKey[] {
  const column = (sortBy === undefined ? undefined : sorts.get(sortBy)) ?? id;
  return column === id
    ? [{ expr: id, descending }]
    : [
        { expr: column, descending },
        { expr: id, descending: false },
      ];
}

const cityTime = (d: Date | null) => (d ? dateToCityLocal(d) : '');
const yesNo = (tr: (s: string) => string, v: boolean) => tr(v ? T.yes : T.no);

/** GET passenger/export.csv and captain/export.csv: the passengers and drivers lists as streamed CSV. */
export const peopleExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => dateToCityLocal(dateOf(app.clock)).slice(0, 10);

  // The Passengers page's rule (PASSENGERS), not the pickers' wider list rule: a file of every passenger.
  app.get(
    '/passenger/export.csv',
    {
      config: { policy: passengerPolicy.read },
      schema: { ...replies(csvExport('Passengers'), { querystring: passengerExportQuery }), tags: ['people'] },
    },
    async (request, reply) => {
      const { sortBy, descending, ...filters } = request.query;
      const where = passengerWhere(filters);
      const keys = sortKeys(PASSENGER_SORTS, passengers.id, sortBy, descending);
      const [{ n }] = await app.db.select({ n: count() }).from(passengers).where(where);
      const tr = csvTranslator(request);
      const status = (p: { approvedAt: Date | null; idCardFront: string | null; idCardBack: string | null }) =>
        tr(p.approvedAt ? T.approved : p.idCardFront || p.idCardBack ? T.withDocuments : T.withoutDocuments);
      return sendCsv(reply, {
        name: 'passengers',
        date: today(),
        total: n,
        header: [T.id, T.firstName, T.lastName, T.phone, T.email, T.whatsapp, T.loyalty, T.status, T.created].map(tr),
        batches: keysetBatches(keys, ({ after, order, cursor, limit }) =>
          app.db
            .select({
              p: {
                id: passengers.id,
                firstName: passengers.firstName,
                lastName: passengers.lastName,
                phoneNumber: passengers.phoneNumber,
                email: passengers.email,
                whatsappNumber: passengers.whatsappNumber,
                activeLoyaltyClasses: passengers.activeLoyaltyClasses,
                approvedAt: passengers.approvedAt,
                idCardFront: passengers.idCardFront,
                idCardBack: passengers.idCardBack,
                createdAt: passengers.createdAt,
              },
              ...cursor,
            })
            .from(passengers)
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: ({ p }) => [
          p.id,
          p.firstName,
          p.lastName,
          p.phoneNumber,
          p.email,
          p.whatsappNumber,
          p.activeLoyaltyClasses.join(' '),
          status(p),
          cityTime(p.createdAt),
        ],
      });
    },
  );

  app.get(
    '/captain/export.csv',
    {
      config: { policy: captainPolicy.read },
      schema: { ...replies(csvExport('Captains'), { querystring: captainExportQuery }), tags: ['people'] },
    },
    async (request, reply) => {
      const { sortBy, descending, ...filters } = request.query;
      const now = dateOf(app.clock);
      const where = captainWhere(filters, now);
      const keys = sortKeys(CAPTAIN_SORTS, captains.id, sortBy, descending);
      const [{ n }] = await app.db.select({ n: count() }).from(captains).where(where);
      const tr = csvTranslator(request);
      const status = (c: { blockedUntil: Date | null; active: boolean }) =>
        tr(c.blockedUntil && c.blockedUntil > now ? T.blocked : c.active ? T.active : T.inactive);
      return sendCsv(reply, {
        name: 'drivers',
        date: today(),
        total: n,
        header: [T.id, T.firstName, T.lastName, T.username, T.phone, T.status, T.online, T.blockedUntil, T.created].map(
          tr,
        ),
        batches: keysetBatches(keys, ({ after, order, cursor, limit }) =>
          app.db
            .select({
              c: {
                id: captains.id,
                firstName: captains.firstName,
                lastName: captains.lastName,
                username: captains.username,
                phoneNumber: captains.phoneNumber,
                active: captains.active,
                online: captains.online,
                blockedUntil: captains.blockedUntil,
                createdAt: captains.createdAt,
              },
              ...cursor,
            })
            .from(captains)
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: ({ c }) => [
          c.id,
          c.firstName,
          c.lastName,
          c.username,
          c.phoneNumber,
          status(c),
          yesNo(tr, c.online),
          cityTime(c.blockedUntil),
          cityTime(c.createdAt),
        ],
      });
    },
  );
};
