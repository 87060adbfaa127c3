import {
  reportsContract as contract,
  dateToCityLocal,
  reportsPolicy,
  statisticsColumns,
  statisticsFigures,
  statisticsQuerySchema,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvTranslator, sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';

/** The dashboard, the control-room monitor and the statistics, read from the booking aggregates. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const revenue = (request: { user: Parameters<typeof reportsPolicy.revenue.allows>[0] }) =>
    reportsPolicy.revenue.allows(request.user);

  app.get(
    '/reports/dashboard',
    { config: { policy: reportsPolicy.dashboard }, schema: { response: { 200: contract.dashboard } } },
    async (request) => ok(await app.reports.dashboard(revenue(request))),
  );

  app.get(
    '/reports/monitor',
    { config: { policy: reportsPolicy.monitor }, schema: { response: { 200: contract.monitor } } },
    async (request) => ok(await app.reports.monitor(revenue(request))),
  );

  app.get(
    '/reports/statistics',
    {
      config: { policy: reportsPolicy.statistics },
      schema: { querystring: statisticsQuerySchema, response: { 200: contract.statistics } },
    },
    async (request) => ok(await app.reports.statistics(request.query, revenue(request))),
  );

  app.get(
    '/reports/statistics/export.csv',
    {
      config: { policy: reportsPolicy.statistics },
      schema: { querystring: statisticsQuerySchema, response: { 200: contract.statisticsCsv } },
    },
    async (request, reply) => {
      const dto = await app.reports.statistics(request.query, revenue(request));
      const translate = csvTranslator(request);
      // Hours and days on the city's clock; services, sectors and the like by their names.
      const label = (key: string, name: string) =>
        dto.group === 'hour' ? dateToCityLocal(key) : dto.group === 'day' ? dateToCityLocal(key).slice(0, 10) : name;
      return sendCsv(reply, {
        name: `statistics-${dto.from}-${dto.to}-${dto.group}`,
        date: dateToCityLocal(new Date(app.clock.now())).slice(0, 10),
        total: dto.rows.length,
        header: statisticsColumns(dto).map(translate),
        batches: (async function* () {
          yield dto.rows;
        })(),
        row: (r) => [label(r.key, r.label), ...statisticsFigures(dto, r)],
      });
    },
  );
};
