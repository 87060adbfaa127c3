/**
 * The dashboard and the statistics at 1,000,000 bookings over a year, through the API (app.inject). The
 * bookings are generated as the board benchmark does (bench/bookings.ts: ~a booking every 30 s over 347
 * days, 3 services, 3 origins, 6 sectors, one in seven cancelled), given what the aggregates read: the
 * dispatch status row, an AI or staff dispatch in the audit log, a pickup ETA, a cancellation reason and
 * a payment. The aggregates are then built by the server's own rebuild (rebuildAggregates, as the demo
 * seed builds them), and its time is reported. p50/p95 per call; target p95 < 50 ms on
 * PostgreSQL. PostgreSQL takes BENCH_REPORT_BOOKINGS (1,000,000), PGlite BENCH_REPORT_BOOKINGS_PGLITE
 * (100,000: an embedded database is not where a million-booking history lives).
 * Writes bench/results/reports-<engine>.json.
 */
import { AI_ACTOR_ID, dateToCityLocal } from '@taxi/shared';
import { rebuildAggregates } from '../apps/server/src/modules/reports/rebuild';
import { generateHistory } from './bookings';
import { type Engine, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, measure, writeResult } from './lib';

const VOLUME: Record<Engine, number> = {
  postgres: Number(process.env.BENCH_REPORT_BOOKINGS ?? 1_000_000),
  pglite: Number(process.env.BENCH_REPORT_BOOKINGS_PGLITE ?? 100_000),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

/**
 * What the generated bookings lack for the reports: dispatched ones get their APPROVED status row (20 s
 * to 6 min after creation), two in three an AI dispatch and the rest a staff one in the audit log, an
 * ETA; passengers' cancellations a reason; finished ones a payment.
 */
const complete = `
  insert into booking_statuses (booking_id, status, created_at)
    select id, 'APPROVED', created_at + ((20 + id % 340) || ' seconds')::interval from bookings
    where ride_id is not null and status not in ('PENDING', 'SYSTEM_CANCELLED', 'DELETED');
  insert into audit_log (actor_id, action, entity, entity_id, created_at)
    select case when id % 3 = 0 then (select min(id) from users) else ${AI_ACTOR_ID} end, 'dispatch', 'booking', id::text,
      created_at + ((20 + id % 340) || ' seconds')::interval
    from bookings where ride_id is not null and status not in ('PENDING', 'SYSTEM_CANCELLED', 'DELETED');
  update bookings set eta_captain = 2 + id % 12 where ride_id is not null;
  update bookings set user_cancellation_reason_id = (select min(id) from user_cancellation_reasons) + id % 3
    where status = 'PAX_CANCELLED';
  insert into payments (booking_id, status, amount, created_at)
    select id, 'DONE', 12 + (id % 300) / 10.0, updated_at from bookings where status in ('PAID', 'DONE');`;

async function runEngine(engine: Engine) {
  const volume = VOLUME[engine];
  const t0 = performance.now();
  let counts = { bookings: 0, hourly_rows: 0, daily_rows: 0 };
  let generateMs = 0;
  let rebuildMs = 0;
  const bench = await openBenchApp(engine, async (sql, database) => {
    await generateHistory(sql, volume);
    await sql(complete);
    await sql('ANALYZE');
    generateMs = Math.round(performance.now() - t0);
    const r0 = performance.now();
    await rebuildAggregates(database.db);
    rebuildMs = Math.round(performance.now() - r0);
    const q = `select (select sum(bookings) from booking_aggregates where sector_id >= 0)::float8 as bookings,
      (select count(*) from booking_aggregates)::int as hourly_rows, (select count(*) from booking_aggregates_daily)::int as daily_rows`;
    const raw = database.raw;
    const res = raw.kind === 'pglite' ? await raw.client.query(q) : await raw.client.query(q);
    counts = res.rows[0] as typeof counts;
  });
  console.log(
    `[${engine}] ${volume.toLocaleString('en')} bookings generated in ${generateMs} ms; rebuild: ${Math.round(counts.bookings).toLocaleString('en')} bookings into ${counts.hourly_rows.toLocaleString('en')} hourly and ${counts.daily_rows.toLocaleString('en')} daily rows in ${rebuildMs} ms`,
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
      generate_ms: generateMs,
      rebuild_ms: rebuildMs,
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
