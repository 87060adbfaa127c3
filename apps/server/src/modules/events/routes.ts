import {
  EVENT_REPORT_MARGIN_MS,
  EVENT_REPORT_MAX_DAYS,
  EVENTS_MSG,
  eventsContract as contract,
  eventsPolicy,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { validationError } from '../../http/errors';
import { replies } from '../../http/schema';
import { cityDayBounds, dayRange } from './days';
import { reportQuery } from './queries';

const DAY_MS = 24 * 3600_000;

/** The events report and the live map's layer (the list and the forms are the city_events catalogue). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/report',
    { config: { policy: eventsPolicy.report }, schema: replies(contract.report, { querystring: reportQuery }) },
    async (request) => {
      const q = request.query;
      if (q.event_id !== undefined) {
        return ok({ margin_minutes: EVENT_REPORT_MARGIN_MS / 60_000, events: await app.eventReports.report({ eventId: q.event_id }) });
      }
      const today = cityDayBounds(new Date(app.clock.now()));
      const range = dayRange(q.from_date, q.to_date);
      const from = range.start ?? today.start;
      const to = range.end ?? (range.start ? new Date(from.getTime() + DAY_MS) : today.end);
      if (to <= from) throw validationError('to_date', tr('The end date must not be before the start date.'));
      if (to.getTime() - from.getTime() > (EVENT_REPORT_MAX_DAYS + 1) * DAY_MS)
        throw validationError('to_date', EVENTS_MSG.periodTooLong);
      const events = await app.eventReports.report({ from, to });
      return ok({ margin_minutes: EVENT_REPORT_MARGIN_MS / 60_000, events });
    },
  );

  app.get(
    '/events/today',
    { config: { policy: eventsPolicy.today }, schema: replies(contract.today, { querystring: z.object({}) }) },
    async () => ok(await app.eventReports.today()),
  );
};
