import { z } from 'zod';
import { cityDayEnd, cityLocalToDate } from '../city-time';
import { REPORTS_MSG } from './texts';

/** What the statistics page groups by. */
export const STAT_GROUPS = ['hour', 'day', 'sector', 'area_cluster', 'service', 'origin'] as const;
export type StatGroup = (typeof STAT_GROUPS)[number];

/** The longest period the statistics answer (a year, leap day included). */
export const MAX_PERIOD_DAYS = 366;
/** Hourly bars beyond a month would be unreadable: group by day instead. */
export const MAX_HOURLY_DAYS = 31;

const DAY_MS = 86_400_000;
const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: REPORTS_MSG.badDay });

/** The days between two city days `YYYY-MM-DD`, both counted (1 for the same day); null when malformed. */
export function periodDays(from: string, to: string): number | null {
  const a = cityLocalToDate(from);
  const b = cityLocalToDate(to);
  if (!a || !b) return null;
  return Math.round((Date.UTC(...ymd(to)) - Date.UTC(...ymd(from))) / DAY_MS) + 1;
}

function ymd(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y, m - 1, d];
}

/** Why a period is refused, by field; empty when it is fine. */
export function periodErrors(from: string, to: string, group: StatGroup): Record<string, string> {
  if (!cityLocalToDate(from)) return { from: REPORTS_MSG.badDay };
  if (!cityLocalToDate(to)) return { to: REPORTS_MSG.badDay };
  const days = periodDays(from, to) ?? 0;
  if (days < 1) return { to: REPORTS_MSG.toBeforeFrom };
  if (days > MAX_PERIOD_DAYS) return { to: REPORTS_MSG.periodTooLong };
  if (group === 'hour' && days > MAX_HOURLY_DAYS) return { group: REPORTS_MSG.hourlyTooLong };
  return {};
}

/** GET reports/statistics?from&to&group: city days, both included. */
export const statisticsQuerySchema = z
  .object({ from: dayField, to: dayField, group: z.enum(STAT_GROUPS).default('day') })
  .superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(periodErrors(v.from, v.to, v.group)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** The instants a period of city days covers: `from` ≤ t < `to`. */
export function periodRange(from: string, to: string): { from: Date; to: Date } {
  const start = cityLocalToDate(from);
  const end = cityDayEnd(to);
  if (!start || !end) throw new Error(`bad period ${from}..${to}`);
  return { from: start, to: end };
}
