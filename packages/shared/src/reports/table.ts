import type { StatisticsDto, StatisticsRowDto } from '../contract/reports';
import { REPORTS_UI } from './texts';

/**
 * The statistics table's columns, as the page shows them and the CSV writes them: the group, the bookings,
 * completed and cancelled, the revenue (only for those who may see it: the answer carries it), utilisation.
 * In the current language (the page) or in English (the server, which translates for the caller).
 */
export function statisticsColumns(dto: StatisticsDto): string[] {
  const out = [REPORTS_UI.group[dto.group], REPORTS_UI.bookings, REPORTS_UI.completed, REPORTS_UI.cancelled];
  if (dto.totals.revenue_eur !== undefined) out.push(REPORTS_UI.revenue);
  out.push(REPORTS_UI.utilisation);
  return out;
}

/**
 * Captain utilisation: the captains' time on bookings (from dispatch to the end of the trip) over their time on
 * shift in the same span (each started shift from its start to its end, or to now while it runs), 0..1 with
 * three decimals; null without any time on shift. Over the shift time, not over the whole fleet × the span:
 * captains off shift are not there to take a booking.
 */
export const utilisationOf = (busySeconds: number, shiftSeconds: number): number | null =>
  shiftSeconds > 0 ? Math.round((busySeconds / shiftSeconds) * 1000) / 1000 : null;

/** One row's figures in the columns' order after the group's label, unformatted (no utilisation: empty). */
export function statisticsFigures(dto: StatisticsDto, row: StatisticsRowDto): (number | null)[] {
  const out: (number | null)[] = [row.bookings, row.completed, row.cancelled];
  if (dto.totals.revenue_eur !== undefined) out.push(row.revenue_eur ?? 0);
  out.push(row.utilisation);
  return out;
}
