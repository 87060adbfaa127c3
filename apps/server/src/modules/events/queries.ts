import { dbId, MSG, optionalCityDay, optionalFilter } from '@taxi/shared';
import { z } from 'zod';

/** GET events/report: one event, or the events of a period of city days (default today). */
export const reportQuery = z.object({
  event_id: optionalFilter(dbId(MSG.invalidId)),
  from_date: optionalCityDay(),
  to_date: optionalCityDay(),
});
export type ReportQuery = z.infer<typeof reportQuery>;
