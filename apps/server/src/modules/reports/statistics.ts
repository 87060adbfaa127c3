import {
  CITY_TIME_ZONE,
  codeLabel,
  periodRange,
  REPORTS_UI,
  type StatisticsDto,
  type StatisticsQuery,
  utilisationOf,
} from '@taxi/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  areaClusters,
  bookingAggregatesDaily as d,
  bookingAggregates as h,
  sectors,
  services,
  shifts,
} from '../../db/schema';
import { HOUR_TOTAL, rows } from './dashboard';
import { ALL_SECTORS, ALL_SERVICES, type Measure, type Measures, zeroMeasures } from './facts';

const STAT_MEASURES: readonly Measure[] = ['bookings', 'completed', 'cancelled', 'revenueCents', 'busyS'];

import { measureSums, toMeasures } from './sums';

const tz = sql.raw(`'${CITY_TIME_ZONE}'`);
/**
 * How long after its planned end a shift is still read: its captain's going offline ends it, and one still online
 * more than a day past its end is not looked for (the window index bounds the read).
 */
const SHIFT_OVERRUN = sql.raw(`interval '1 day'`);

/**
 * Bookings, completed, cancelled, revenue and captain utilisation per group over a period of city days:
 * hours from the hourly totals, everything else from the daily roll-ups (a year is ~365 × the day's rows).
 *
 * Captain utilisation (utilisationOf in packages/shared/src/reports/table.ts): the captains' time on bookings —
 * from dispatch to the end of the trip (busy_s of the aggregates, in the booking's hour) — over the captains'
 * time on shift in the same span — each started shift from its start (its captain came online in its window)
 * to its end (or now while it runs), clipped to the span. An hour's or a day's row has its own span; a sector's,
 * a cluster's, a service's or an origin's row is its trips' share of the whole period's shift time (the rows
 * add up to the total). No shift time in the span: null. Not the fleet's size × the span: the captains who
 * are not on shift are not available, and counting them made a busy day read 0.2 %.
 */
export async function statistics(
  db: Db,
  q: StatisticsQuery,
  withRevenue: boolean,
  now: number = Date.now(),
): Promise<StatisticsDto> {
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
  const span = q.group === 'hour' || q.group === 'day' ? q.group : null;
  const timed = span !== null;
  const [result, onShift, overall] = await Promise.all([
    db.execute(sql`select ${groupColumn} as key, ${measureSums(table, STAT_MEASURES)} from ${table}${clusters}
      where ${period} group by 1 order by 1`),
    shiftSeconds(db, from, to, now, span),
    // Clusters may share sectors: their totals are the period's, each booking once.
    q.group === 'area_cluster'
      ? db.execute(sql`select ${measureSums(table, STAT_MEASURES)} from ${table} where ${period}`)
      : null,
  ]);
  const labels = await labelsOf(db, q.group);
  const total = zeroMeasures();
  const out = rows(result).map((r) => {
    const m = toMeasures(r);
    for (const k of Object.keys(m) as (keyof Measures)[]) total[k] += m[k];
    const time = timed ? new Date(r.key as string | Date) : null;
    const key = time ? time.toISOString() : String(r.key);
    const shiftS = time ? (onShift.bySpan.get(time.getTime()) ?? 0) : onShift.total;
    return { key, label: time ? key : (labels.get(key) ?? key), ...figures(m, shiftS, withRevenue) };
  });
  const totals = overall ? toMeasures(rows(overall)[0] ?? {}) : total;
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    rows: out,
    totals: figures(totals, onShift.total, withRevenue),
  };
}

/**
 * The captains' time on shift in the period (seconds), in all and per hour or per city day of the period (by the
 * span's start, as the aggregates key their rows): each started shift from started_at to ended_at (now while it
 * runs), clipped to the period, then cut at the spans' bounds (a city day is 23, 24 or 25 hours).
 */
async function shiftSeconds(
  db: Db,
  from: Date,
  to: Date,
  now: number,
  span: 'hour' | 'day' | null,
): Promise<{ total: number; bySpan: Map<number, number> }> {
  const at = (d: Date | number) => sql`${new Date(d).toISOString()}::timestamptz`;
  const worked = sql`select greatest(${shifts.startedAt}, ${at(from)}) as a,
      least(coalesce(${shifts.endedAt}, ${at(now)}), ${at(to)}) as b
    from ${shifts}
    where ${shifts.startedAt} is not null and ${shifts.startsAt} < ${at(to)}
      and ${shifts.endsAt} > ${at(from)}::timestamptz - ${SHIFT_OVERRUN}
      and ${shifts.startedAt} < ${at(to)} and coalesce(${shifts.endedAt}, ${at(now)}) > ${at(from)}`;
  if (span === null) {
    const [r] = rows(
      await db.execute(sql`with w as (${worked})
        select coalesce(sum(extract(epoch from b - a)), 0)::float8 as seconds from w where b > a`),
    );
    return { total: Number(r?.seconds ?? 0), bySpan: new Map() };
  }
  // The spans a shift runs through: UTC hours (the city's offsets are whole hours), or city midnights.
  const spans =
    span === 'hour'
      ? sql`select k as s, k + interval '1 hour' as e
          from generate_series(date_trunc('hour', w.a at time zone 'UTC') at time zone 'UTC', w.b, interval '1 hour') as k`
      : sql`select k at time zone ${tz} as s, (k + interval '1 day') at time zone ${tz} as e
          from generate_series(date_trunc('day', w.a at time zone ${tz}), w.b at time zone ${tz}, interval '1 day') as k`;
  const result = await db.execute(sql`with w as (${worked})
    select p.s as key, sum(extract(epoch from least(w.b, p.e) - greatest(w.a, p.s)))::float8 as seconds
    from w cross join lateral (${spans}) p
    where w.b > w.a and p.e > w.a and p.s < w.b
    group by 1`);
  const bySpan = new Map<number, number>();
  let total = 0;
  for (const r of rows(result)) {
    const seconds = Number(r.seconds);
    bySpan.set(new Date(r.key as string | Date).getTime(), seconds);
    total += seconds;
  }
  return { total, bySpan };
}

function figures(m: Measures, shiftS: number, withRevenue: boolean) {
  const base = {
    bookings: m.bookings,
    completed: m.completed,
    cancelled: m.cancelled,
    utilisation: utilisationOf(m.busyS, shiftS),
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
