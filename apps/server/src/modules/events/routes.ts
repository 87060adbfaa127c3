import {
  eventsContract as contract,
  dateToCityLocal,
  EVENT_REPORT_MARGIN_MS,
  EVENT_REPORT_MAX_DAYS,
  EVENTS_MSG,
  eventsPolicy,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvTranslator, sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { validationError } from '../../http/errors';
import { replies } from '../../http/schema';
import { cityDayBounds, dayRange } from './days';
import { type ReportQuery, reportQuery } from './queries';

/** The report's CSV: one line per event and hour (the hour on the city's clock). */
const REPORT_CSV_HEADER = [
  'Event',
  'Name',
  'Hour',
  'Pickups',
  'Dropoffs',
  'Pickups a week before',
  'Dropoffs a week before',
];

const DAY_MS = 24 * 3600_000;

/** The events report and the live map's layer (the list and the forms are the city_events catalogue). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One event, or the events of the period (default: the city's today; at most EVENT_REPORT_MAX_DAYS). */
  const reportOf = (q: ReportQuery) => {
    if (q.event_id !== undefined) return app.eventReports.report({ eventId: q.event_id });
    const today = cityDayBounds(new Date(app.clock.now()));
    const range = dayRange(q.from_date, q.to_date);
    const from = range.start ?? today.start;
    const to = range.end ?? (range.start ? new Date(from.getTime() + DAY_MS) : today.end);
    if (to <= from) throw validationError('to_date', tr('The end date must not be before the start date.'));
    if (to.getTime() - from.getTime() > (EVENT_REPORT_MAX_DAYS + 1) * DAY_MS)
      throw validationError('to_date', EVENTS_MSG.periodTooLong);
    return app.eventReports.report({ from, to });
  };

  app.get(
    '/events/report',
    { config: { policy: eventsPolicy.report }, schema: replies(contract.report, { querystring: reportQuery }) },
    async (request) => ok({ margin_minutes: EVENT_REPORT_MARGIN_MS / 60_000, events: await reportOf(request.query) }),
  );

  app.get(
    '/events/report/export.csv',
    { config: { policy: eventsPolicy.report }, schema: replies(contract.reportCsv, { querystring: reportQuery }) },
    async (request, reply) => {
      const events = await reportOf(request.query);
      const rows = events.flatMap((e) => e.hours.map((h) => ({ event: e, hour: h })));
      const translate = csvTranslator(request);
      return sendCsv(reply, {
        name: 'events_report',
        date: dateToCityLocal(new Date(app.clock.now())).slice(0, 10),
        total: rows.length,
        header: REPORT_CSV_HEADER.map(translate),
        batches: (async function* () {
          yield rows;
        })(),
        row: ({ event, hour }) => [
          event.id,
          event.name,
          dateToCityLocal(hour.hour),
          hour.pickups,
          hour.dropoffs,
          hour.baseline_pickups,
          hour.baseline_dropoffs,
        ],
      });
    },
  );

  app.get(
    '/events/today',
    { config: { policy: eventsPolicy.today }, schema: replies(contract.today, { querystring: z.object({}) }) },
    async () => ok(await app.eventReports.today()),
  );
};
