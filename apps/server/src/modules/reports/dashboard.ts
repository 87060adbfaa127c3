import type { DashboardDto, MonitorDto } from '@taxi/shared';
import { CALL_FIGURES, CALL_STALE_RINGING_S, callShares, percentileFromBuckets } from '@taxi/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, bookingAggregateCancellations as c, calls, bookingAggregates as h } from '../../db/schema';
import type { PositionIndex } from '../../dispatch/spatial-index';
import type { LiveMeta } from '../tracking/service';
import { ALL_ORIGINS, ALL_SECTORS, ALL_SERVICES, cityDayStart, type Measures, zeroMeasures } from './facts';

/** The hours' total rows (every service, origin and sector). */
export const HOUR_TOTAL = sql`${h.serviceId} = ${ALL_SERVICES} and ${h.origin} = ${ALL_ORIGINS} and ${h.sectorId} = ${ALL_SECTORS}`;

import { measureSums, toMeasures, waitCounts } from './sums';

const HOUR = 3_600_000;

export interface ReportsDeps {
  db: Db;
  positions: Pick<PositionIndex<LiveMeta>, 'all'>;
  now: () => number;
  /** A SIP server is configured (VOICE_WS_URL): without one the call figures are off, not zero. */
  voice: boolean;
}

type Figure = { value: number | null; series: (number | null)[] };

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const round = (v: number | null, digits = 1) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** Today's figures (the city day of `now`) from the hourly aggregates, with their hourly series. */
export async function dashboard(deps: ReportsDeps, withRevenue: boolean): Promise<DashboardDto> {
  const now = deps.now();
  const start = cityDayStart(now);
  const end = cityDayStart(start.getTime() + 26 * HOUR);
  const hourCount = Math.round((end.getTime() - start.getTime()) / HOUR);
  const hours = Array.from({ length: hourCount }, (_, i) => new Date(start.getTime() + i * HOUR));
  const [perHour, cancellations, captains] = await Promise.all([
    deps.db.execute(sql`select ${h.hour} as hour, ${measureSums(h)} from ${h}
      where ${h.hour} >= ${start.toISOString()} and ${h.hour} < ${end.toISOString()} and ${HOUR_TOTAL}
      group by ${h.hour}`),
    deps.db.execute(sql`select ${c.reasonKind} as kind, ${c.reasonId} as reason_id, sum(${c.count})::int as count,
        max(coalesce(u.text, k.text)) as text
      from ${c}
      left join user_cancellation_reasons u on ${c.reasonKind} = 'user' and u.id = ${c.reasonId}
      left join captain_cancellation_reasons k on ${c.reasonKind} = 'captain' and k.id = ${c.reasonId}
      where ${c.hour} >= ${start.toISOString()} and ${c.hour} < ${end.toISOString()}
      group by 1, 2 order by 3 desc, 1, 2`),
    captainCounts(deps),
  ]);
  const callFigures = deps.voice ? await callCounts(deps.db, start, now) : null;
  const byHour = new Map<number, Measures>();
  for (const row of rows(perHour)) byHour.set(new Date(row.hour as string | Date).getTime(), toMeasures(row));
  const series = hours.map((t) => byHour.get(t.getTime()) ?? zeroMeasures());
  const total = zeroMeasures();
  for (const m of series) for (const k of Object.keys(m) as (keyof Measures)[]) total[k] += m[k];
  const figure = (f: (m: Measures) => number | null, digits = 1): Figure => ({
    value: round(f(total), digits),
    series: series.map((m) => round(f(m), digits)),
  });
  const dto: DashboardDto = {
    day: new Date(start.getTime() + 12 * HOUR).toISOString().slice(0, 10),
    hours: hours.map((t) => t.toISOString()),
    bookings: figure((m) => m.bookings),
    by_status: {
      pending: total.pending,
      dispatched: total.dispatched,
      ongoing: total.ongoing,
      completed: total.completed,
      cancelled: total.cancelled,
    },
    completed: figure((m) => m.completed),
    cancelled: figure((m) => m.cancelled),
    wait_p50_s: figure((m) => percentileFromBuckets(waitCounts(m), 0.5), 0),
    wait_p90_s: figure((m) => percentileFromBuckets(waitCounts(m), 0.9), 0),
    mean_eta_min: figure((m) => ratio(m.etaSumMin, m.etaCount)),
    automation_rate: figure((m) => ratio(m.autoDispatched, m.dispatchedTotal), 3),
    cancellations_by_reason: rows(cancellations).map((r) => ({
      kind: r.kind as 'user' | 'captain' | 'none',
      reason_id: r.kind === 'none' ? null : Number(r.reason_id),
      text: (r.text as string | null) ?? null,
      count: Number(r.count),
    })),
    captains,
    calls: callFigures,
    generated_at: new Date(now).toISOString(),
  };
  if (withRevenue) dto.revenue_eur = figure((m) => m.revenueCents / 100, 2);
  return dto;
}

/**
 * The call centre's day from the call log (a few thousand rows a day, on its started_at index), counted as
 * CALL_FIGURES defines it (packages/shared/src/voice.ts; voice-calls.test.ts checks this SQL against its
 * predicates): incoming = inbound, but a call still ringing under the service level; in time = answered at
 * most the service level after it began ringing; abandoned = hung up by the caller while it rang.
 */
async function callCounts(db: Db, start: Date, now: number): Promise<NonNullable<DashboardDto['calls']>> {
  const stale = new Date(now - CALL_STALE_RINGING_S * 1000).toISOString();
  const undecided = new Date(now - CALL_FIGURES.serviceLevelS * 1000).toISOString();
  const ringing = sql`${calls.outcome} = ${CALL_FIGURES.ringingOutcome}`;
  const result = await db.execute(sql`select
      count(*) filter (where ${ringing} and ${calls.startedAt} > ${stale})::int as waiting,
      count(*)::int as inbound,
      count(*) filter (where not (${ringing} and ${calls.startedAt} > ${undecided}))::int as incoming,
      count(*) filter (where ${calls.answeredAt} is not null
        and ${calls.answeredAt} - ${calls.startedAt} <= make_interval(secs => ${CALL_FIGURES.serviceLevelS}))::int as in_time,
      count(*) filter (where ${calls.outcome} = ${CALL_FIGURES.abandonedOutcome})::int as abandoned
    from ${calls}
    where ${calls.direction} = 'inbound' and ${calls.startedAt} >= ${start.toISOString()}`);
  const [r] = rows(result);
  const n = (key: string) => Number(r?.[key] ?? 0);
  return {
    waiting: n('waiting'),
    inbound: n('inbound'),
    ...callShares({ incoming: n('incoming'), inTime: n('in_time'), abandoned: n('abandoned') }),
  };
}

/** The live fleet as the tracking map sees it: online captains, free ones, and those on a booking. */
async function captainCounts(deps: ReportsDeps): Promise<DashboardDto['captains']> {
  const live = await deps.positions.all();
  let free = 0;
  let busy = 0;
  for (const p of live) {
    if (p.meta.state === 'FREE') free++;
    else if (p.meta.state !== 'OFFLINE') busy++;
  }
  return { online: free + busy, free, busy };
}

/** The wall-board: the dashboard and the queue of bookings due and still waiting for a captain. */
export async function monitor(deps: ReportsDeps, withRevenue: boolean): Promise<MonitorDto> {
  const now = new Date(deps.now());
  const [board, [waiting]] = await Promise.all([
    dashboard(deps, withRevenue),
    deps.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | Date | null>`min(greatest(${bookings.createdAt}, ${bookings.datetime}))`,
      })
      .from(bookings)
      .where(and(eq(bookings.status, 'PENDING'), lte(bookings.datetime, now))),
  ]);
  const oldest = waiting?.oldest
    ? Math.max(0, Math.round((now.getTime() - new Date(waiting.oldest).getTime()) / 1000))
    : null;
  return { ...board, waiting: { count: waiting?.count ?? 0, oldest_s: oldest } };
}

export const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
