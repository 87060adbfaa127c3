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

/** One row's figures in the columns' order after the group's label, unformatted. */
export function statisticsFigures(dto: StatisticsDto, row: StatisticsRowDto): number[] {
  const out = [row.bookings, row.completed, row.cancelled];
  if (dto.totals.revenue_eur !== undefined) out.push(row.revenue_eur ?? 0);
  out.push(row.utilisation);
  return out;
}
