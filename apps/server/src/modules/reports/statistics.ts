import { codeLabel, periodRange, REPORTS_UI, type StatisticsDto, type StatisticsQuery } from '@taxi/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  areaClusters,
  captains,
  bookingAggregatesDaily as d,
  bookingAggregates as h,
  sectors,
  services,
} from '../../db/schema';
import { HOUR_TOTAL, rows } from './dashboard';
import { ALL_SECTORS, ALL_SERVICES, type Measure, type Measures, zeroMeasures } from './facts';

const STAT_MEASURES: readonly Measure[] = ['bookings', 'completed', 'cancelled', 'revenueCents', 'busyS'];

import { measureSums, toMeasures } from './sums';

const HOUR = 3_600_000;

/**
 * Bookings, completed, cancelled, revenue and captain utilisation per group over a period of city days:
 * hours from the hourly totals, everything else from the daily roll-ups (a year is ~365 × the day's rows).
 * Utilisation: captain time on bookings (dispatch to the end of the trip) over the time the active fleet
 * had in the row's span (the hour, the day, or the whole period for a sector, service or origin).
 */
export async function statistics(db: Db, q: StatisticsQuery, withRevenue: boolean): Promise<StatisticsDto> {
  const { from, to } = periodRange(q.from, q.to);
  const hourly = q.group === 'hour';
  const table = hourly ? h : d;
  const at = hourly ? h.hour : d.day;
  const bySectors = q.group === 'sector' || q.group === 'area_cluster';
  // An area cluster's rows are its sectors' rows: a sector in two clusters counts in both.
  const clusters =
    q.group === 'area_cluster' ? sql` join ${areaClusters} c on c.sector_ids @> to_jsonb(${d.sectorId})` : sql``;
  const groupColumn = {
    hour: h.hour,
    day: d.day,
    sector: d.sectorId,
    area_cluster: sql`c.id`,
    service: d.serviceId,
    origin: d.origin,
  }[q.group];
  // The daily roll-up a group reads: per sector, or per service and origin (every sector together).
  const rollup = hourly
    ? sql`and ${HOUR_TOTAL}`
    : bySectors
      ? sql`and ${d.serviceId} = ${ALL_SERVICES}`
      : sql`and ${d.sectorId} = ${ALL_SECTORS}`;
  const period = sql`${at} >= ${from.toISOString()} and ${at} < ${to.toISOString()} ${rollup}`;
  const [result, [fleet], overall] = await Promise.all([
    db.execute(sql`select ${groupColumn} as key, ${measureSums(table, STAT_MEASURES)} from ${table}${clusters}
      where ${period} group by 1 order by 1`),
    db.select({ n: sql<number>`count(*)::int` }).from(captains).where(eq(captains.active, true)),
    // Clusters may share sectors: their totals are the period's, each booking once.
    q.group === 'area_cluster'
      ? db.execute(sql`select ${measureSums(table, STAT_MEASURES)} from ${table} where ${period}`)
      : null,
  ]);
  const labels = await labelsOf(db, q.group);
  const fleetSize = Math.max(fleet?.n ?? 0, 1);
  const periodS = (to.getTime() - from.getTime()) / 1000;
  const spanOf = (key: Date | null) => {
    if (!key) return periodS;
    if (hourly) return HOUR / 1000;
    // A city day is 23, 24 or 25 hours: the next row's start, or the period's end.
    return Math.min(24 * 3600, (to.getTime() - key.getTime()) / 1000);
  };
  const total = zeroMeasures();
  const out = rows(result).map((r) => {
    const m = toMeasures(r);
    for (const k of Object.keys(m) as (keyof Measures)[]) total[k] += m[k];
    const time = q.group === 'hour' || q.group === 'day' ? new Date(r.key as string | Date) : null;
    const key = time ? time.toISOString() : String(r.key);
    return { key, label: time ? key : (labels.get(key) ?? key), ...figures(m, spanOf(time) * fleetSize, withRevenue) };
  });
  const totals = overall ? toMeasures(rows(overall)[0] ?? {}) : total;
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    rows: out,
    totals: figures(totals, periodS * fleetSize, withRevenue),
  };
}

function figures(m: Measures, fleetSeconds: number, withRevenue: boolean) {
  const base = {
    bookings: m.bookings,
    completed: m.completed,
    cancelled: m.cancelled,
    utilisation: Math.round((m.busyS / fleetSeconds) * 1000) / 1000,
  };
  return withRevenue ? { ...base, revenue_eur: m.revenueCents / 100 } : base;
}

/** Names of sectors and services; origin codes as the console shows them. */
async function labelsOf(db: Db, group: StatisticsQuery['group']): Promise<Map<string, string>> {
  if (group === 'sector') {
    const list = await db.select({ id: sectors.id, name: sectors.name }).from(sectors);
    return new Map([['0', REPORTS_UI.noSector], ...list.map((s) => [String(s.id), s.name] as [string, string])]);
  }
  if (group === 'area_cluster') {
    const list = await db.select({ id: areaClusters.id, name: areaClusters.name }).from(areaClusters);
    return new Map(list.map((c) => [String(c.id), c.name]));
  }
  if (group === 'service') {
    const list = await db.select({ id: services.id, name: services.name }).from(services);
    return new Map(list.map((s) => [String(s.id), s.name]));
  }
  if (group === 'origin') return new Map(['app', 'dashboard', 'phone'].map((o) => [o, codeLabel('origin', o)]));
  return new Map();
}
