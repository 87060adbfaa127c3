/**
 * The dashboard and the statistics at 1,000,000 bookings over a year, through the API (app.inject). The
 * aggregate rows are generated directly (what 1M bookings leave in them: ~114 bookings an hour on a daily
 * profile, spread over 5 services, 3 origins and 40 sectors, ~60 rows an hour), the two daily roll-ups (per
 * service and origin, per sector) summed from the hourly ones as the rebuild would; inserting a million booking rows and their histories in PGlite is
 * not what is measured here, the incremental path keeps the same rows (apps/server/test/reports.test.ts
 * checks it equals a rebuild). p50/p95 per call; target p95 < 50 ms on PostgreSQL.
 * Writes bench/results/reports-<engine>.json (BENCH_REPORT_BOOKINGS changes the volume).
 */
import { CITY_TIME_ZONE, dateToCityLocal } from '@taxi/shared';
import { type Engine, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, measure, writeResult } from './lib';

const BOOKINGS = Number(process.env.BENCH_REPORT_BOOKINGS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const HOURS = 365 * 24;
const ROWS_PER_HOUR = 60;

/** ~1.4 bookings per row on average, more by day than by night (the daily profile). */
const load = (scale: number) => `
  truncate booking_aggregates, booking_aggregates_daily, booking_aggregate_cancellations, booking_report_facts;
  insert into booking_aggregates (hour, service_id, origin, sector_id, bookings, pending, dispatched, ongoing,
    completed, cancelled, dispatched_total, auto_dispatched, wait_count, wait_sum_s,
    wait_b0, wait_b1, wait_b2, wait_b3, wait_b4, wait_b5, wait_b6, wait_b7, eta_count, eta_sum_min, revenue_cents, busy_s)
  select g.hour, g.service_id, g.origin, g.sector_id, g.n, 0, 0, 0, g.n - g.c, g.c, g.n - g.c, (g.n - g.c) * (g.r % 3 = 0)::int,
    g.n - g.c, (g.n - g.c) * (20 + r % 200),
    ((g.r % 8) = 0)::int * (g.n - g.c), ((g.r % 8) = 1)::int * (g.n - g.c), ((g.r % 8) = 2)::int * (g.n - g.c),
    ((g.r % 8) = 3)::int * (g.n - g.c), ((g.r % 8) = 4)::int * (g.n - g.c), ((g.r % 8) = 5)::int * (g.n - g.c),
    ((g.r % 8) = 6)::int * (g.n - g.c), ((g.r % 8) = 7)::int * (g.n - g.c),
    g.n - g.c, (g.n - g.c) * (3 + r % 9), (g.n - g.c) * (1500 + r % 2000), (g.n - g.c) * (600 + r % 1200)
  from (
    select date_trunc('hour', now()) - h * interval '1 hour' as hour, (k % 5) + 2 as service_id,
      (array['app', 'dashboard', 'phone'])[1 + (k * 7 + h) % 3] as origin, 1 + (k * 13 + h * 7) % 40 as sector_id,
      greatest(1, round(${scale} * (1 + sin((extract(hour from date_trunc('hour', now()) - h * interval '1 hour') - 6) / 24.0 * 2 * pi())) * (1 + (k % 3)) / 2))::int as n,
      ((k + h) % 9 = 0)::int as c,
      h * ${ROWS_PER_HOUR} + k as r
    from generate_series(0, ${HOURS - 1}) h, generate_series(0, ${ROWS_PER_HOUR - 1}) k
  ) g
  on conflict do nothing;
  insert into booking_aggregates
  select hour, -1, '*', -1, sum(bookings), sum(pending), sum(dispatched), sum(ongoing), sum(completed), sum(cancelled),
    sum(dispatched_total), sum(auto_dispatched), sum(wait_count), sum(wait_sum_s), sum(wait_b0), sum(wait_b1),
    sum(wait_b2), sum(wait_b3), sum(wait_b4), sum(wait_b5), sum(wait_b6), sum(wait_b7), sum(wait_b8), sum(wait_b9),
    sum(wait_b10), sum(wait_b11), sum(wait_b12), sum(wait_b13), sum(wait_b14), sum(eta_count), sum(eta_sum_min),
    sum(revenue_cents), sum(busy_s)
  from booking_aggregates group by hour;
  insert into booking_aggregates_daily
  select (date_trunc('day', hour at time zone '${CITY_TIME_ZONE}') at time zone '${CITY_TIME_ZONE}'), service_id, origin, -1, sum(bookings), sum(pending), sum(dispatched), sum(ongoing), sum(completed), sum(cancelled), sum(dispatched_total),
    sum(auto_dispatched), sum(wait_count), sum(wait_sum_s), sum(wait_b0), sum(wait_b1), sum(wait_b2), sum(wait_b3),
    sum(wait_b4), sum(wait_b5), sum(wait_b6), sum(wait_b7), sum(wait_b8), sum(wait_b9), sum(wait_b10), sum(wait_b11),
    sum(wait_b12), sum(wait_b13), sum(wait_b14), sum(eta_count), sum(eta_sum_min), sum(revenue_cents), sum(busy_s)
  from booking_aggregates where sector_id >= 0 group by 1, 2, 3;
  insert into booking_aggregates_daily
  select (date_trunc('day', hour at time zone '${CITY_TIME_ZONE}') at time zone '${CITY_TIME_ZONE}'), -1, '*', sector_id, sum(bookings), sum(pending), sum(dispatched), sum(ongoing), sum(completed), sum(cancelled), sum(dispatched_total),
    sum(auto_dispatched), sum(wait_count), sum(wait_sum_s), sum(wait_b0), sum(wait_b1), sum(wait_b2), sum(wait_b3),
    sum(wait_b4), sum(wait_b5), sum(wait_b6), sum(wait_b7), sum(wait_b8), sum(wait_b9), sum(wait_b10), sum(wait_b11),
    sum(wait_b12), sum(wait_b13), sum(wait_b14), sum(eta_count), sum(eta_sum_min), sum(revenue_cents), sum(busy_s)
  from booking_aggregates where sector_id >= 0 group by 1, 4;
  insert into booking_aggregate_cancellations (hour, reason_kind, reason_id, count)
  select hour, 'user', 1 + (extract(epoch from hour)::bigint / 3600) % 4, sum(cancelled)
  from booking_aggregates where sector_id >= 0 group by hour having sum(cancelled) > 0;`;

async function runEngine(engine: Engine) {
  const t0 = performance.now();
  // The scale that makes the year's bookings come to about BOOKINGS (the mean of n per row comes to ~1.2 at that scale).
  const scale = BOOKINGS / (HOURS * ROWS_PER_HOUR * 1.22);
  let counts = { bookings: 0, hourly_rows: 0, daily_rows: 0 };
  const bench = await openBenchApp(engine, async (sql, database) => {
    await sql(load(scale));
    const raw = database.raw;
    const q = `select (select sum(bookings) from booking_aggregates where sector_id >= 0)::float8 as bookings,
      (select count(*) from booking_aggregates)::int as hourly_rows, (select count(*) from booking_aggregates_daily)::int as daily_rows`;
    const res = raw.kind === 'pglite' ? await raw.client.query(q) : await raw.client.query(q);
    counts = res.rows[0] as typeof counts;
  });
  const loadMs = Math.round(performance.now() - t0);
  console.log(
    `[${engine}] ${Math.round(counts.bookings).toLocaleString('en')} bookings in ${counts.hourly_rows.toLocaleString('en')} hourly and ${counts.daily_rows.toLocaleString('en')} daily rows, loaded in ${loadMs} ms`,
  );
  try {
    const token = await loginToken(bench.app);
    const today = dateToCityLocal(new Date()).slice(0, 10);
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const calls = [
      { name: 'dashboard (today)', url: '/api/reports/dashboard' },
      { name: 'monitor (today + waiting)', url: '/api/reports/monitor' },
      { name: 'statistics, year by day', url: `/api/reports/statistics?from=${daysAgo(364)}&to=${today}&group=day` },
      {
        name: 'statistics, year by sector',
        url: `/api/reports/statistics?from=${daysAgo(364)}&to=${today}&group=sector`,
      },
      {
        name: 'statistics, year by service',
        url: `/api/reports/statistics?from=${daysAgo(364)}&to=${today}&group=service`,
      },
      {
        name: 'statistics, 30 days by hour',
        url: `/api/reports/statistics?from=${daysAgo(29)}&to=${today}&group=hour`,
      },
      {
        name: 'statistics, 7 days by origin',
        url: `/api/reports/statistics?from=${daysAgo(6)}&to=${today}&group=origin`,
      },
    ];
    const results: Record<string, unknown> = {};
    for (const call of calls) {
      const inject = () => bench.app.inject({ method: 'GET', url: call.url, headers: bearer(token) });
      const first = await inject();
      if (first.statusCode !== 200) throw new Error(`${call.url}: ${first.statusCode} ${first.body}`);
      const s = await measure(inject, RUNS);
      results[call.name] = { url: call.url, ...s };
      console.log(`[${engine}] ${call.name.padEnd(32)} p50 ${s.p50_ms.toFixed(1)} ms  p95 ${s.p95_ms.toFixed(1)} ms`);
    }
    const met = Object.values(results).every((r) => (r as { p95_ms: number }).p95_ms < 50);
    const os = await import('node:os');
    const file = writeResult(`reports-${engine}`, {
      engine,
      bookings: Math.round(counts.bookings),
      hourly_rows: counts.hourly_rows,
      daily_rows: counts.daily_rows,
      load_ms: loadMs,
      runs: RUNS,
      machine: { cpus: os.cpus().length, node: process.version },
      date: new Date().toISOString(),
      load_average: os.loadavg(),
      target: { p95_ms_under: 50, engine: 'postgres', met },
      results,
    });
    console.log(`written ${file}; target ${met ? 'met' : 'MISSED (see load_average: a busy machine inflates p95)'}`);
  } finally {
    await bench.close();
  }
}

/** The dashboard and the statistics over a year of aggregates (PostgreSQL, then PGlite). */
export async function benchReports(): Promise<void> {
  const { enginesToRun } = await import('./db');
  for (const engine of await enginesToRun()) await runEngine(engine);
}
