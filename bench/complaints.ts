/**
 * The complaint log (GET complaints) over 200,000 complaints on PostgreSQL: the first page, filtered by
 * status, by captain and by a date range (and the three together), through the API; p50/p95 per call and
 * the plan PostgreSQL chose for the page's statement (EXPLAIN ANALYZE of the exact SQL the call sent), which
 * must read an index, never sort the table. Writes bench/results/complaints-postgres.json.
 */
import { cityLocalToDate } from '@taxi/shared';
import { enginesToRun, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, measure, QueryRecorder, writeResult } from './lib';

const COMPLAINTS = Number(process.env.BENCH_COMPLAINTS ?? 200_000);
const CAPTAINS = 2_000;
const PASSENGERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
/** The complaints span this many days back from now, newest every ~2 minutes at 200,000. */
const DAYS = 365;

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

export async function benchComplaints(): Promise<void> {
  const engines = await enginesToRun();
  if (!engines.includes('postgres')) {
    console.log('complaints: PostgreSQL not reachable, nothing to measure');
    return;
  }
  const t0 = performance.now();
  const bench = await openBenchApp('postgres', async (sql) => {
    await sql(`
      insert into captains (first_name, last_name, phone_number, active)
        select 'Cap', 'Tain' || n, '+3776' || lpad(n::text, 7, '0'), true from generate_series(1, ${CAPTAINS}) n;
      insert into passengers (first_name, last_name, phone_number)
        select 'Pax', 'Senger' || n, '+3775' || lpad(n::text, 7, '0') from generate_series(1, ${PASSENGERS}) n;
      insert into complaints (captain_id, passenger_id, description, doer, status, category_id, entity_id, created_at)
        select
          case when n % 5 = 0 then null else (select min(id) from captains) + ((n::bigint * 7919) % ${CAPTAINS})::int end,
          case when n % 5 = 0 then (select min(id) from passengers) + ((n::bigint * 104729) % ${PASSENGERS})::int end,
          'Complaint ' || n,
          case when n % 3 = 0 then null else 1 end,
          (array['Not Treated', 'Partially Treated', 'Treated'])[1 + (case when n % 10 < 2 then 0 when n % 10 < 4 then 1 else 2 end)],
          (select min(id) from complaint_categories) + n % 6,
          n,
          now() - (${DAYS} * interval '1 day') * (1 - n::float / ${COMPLAINTS})
        from generate_series(1, ${COMPLAINTS}) n;
      insert into complaint_audios (complaint_id, file_name)
        select id, md5(id::text) || '.wav' from complaints where id % 4 = 0;
      analyze;`);
  });
  const loadMs = Math.round(performance.now() - t0);
  console.log(`[postgres] ${COMPLAINTS} complaints loaded in ${loadMs} ms`);
  try {
    const token = await loginToken(bench.app, 'gov@example.com');
    const recorder = new QueryRecorder(bench.database);
    const raw = bench.database.raw;
    if (raw.kind !== 'postgres') throw new Error('the complaints suite runs on PostgreSQL');
    const busiest = await raw.client.query<{ captain_id: number }>(
      'select captain_id from complaints where captain_id is not null group by captain_id order by count(*) desc limit 1',
    );
    const captainId = busiest.rows[0].captain_id;
    const from = day(30 * 86_400_000);
    const to = day(23 * 86_400_000);
    if (!cityLocalToDate(from)) throw new Error(`bad date ${from}`);
    const calls = [
      { name: 'first page (10)', url: '/api/complaints?perPage=10' },
      { name: 'status Not Treated', url: '/api/complaints?perPage=10&status=Not%20Treated' },
      { name: 'status Partially Treated, page 5', url: '/api/complaints?perPage=10&status=Partially%20Treated&page=5' },
      { name: 'by captain', url: `/api/complaints?perPage=10&captain_id=${captainId}` },
      { name: 'date range (a week)', url: `/api/complaints?perPage=10&from=${from}&to=${to}` },
      {
        name: 'status + captain + date range',
        url: `/api/complaints?perPage=10&status=Treated&captain_id=${captainId}&from=${day(200 * 86_400_000)}&to=${to}`,
      },
    ];
    const results: Record<string, unknown>[] = [];
    for (const call of calls) {
      const inject = () => bench.app.inject({ method: 'GET', url: call.url, headers: bearer(token) });
      const first = await inject();
      if (first.statusCode !== 200) throw new Error(`${call.url}: ${first.statusCode} ${first.body}`);
      const queries = await recorder.capture(inject);
      const api = await measure(inject, RUNS);
      // The same statements replayed directly: the database's share of the call.
      const sql = await measure(() => recorder.replay(queries), RUNS);
      // The page's statement (the one ordering by created_at) and the capped count: their plans.
      const plans: Record<string, string[]> = {};
      for (const q of queries) {
        if (!/from "complaints"/i.test(q.text)) continue;
        const kind = /order by/i.test(q.text) ? 'page' : 'count';
        const res = await raw.client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, timing off) ${q.text}`,
          q.params as unknown[],
        );
        plans[kind] = res.rows.map((r) => r['QUERY PLAN']);
      }
      const plan = Object.values(plans).flat().join('\n');
      const indexes = [...new Set([...plan.matchAll(/using (complaints_\w+)/gi)].map((m) => m[1]))];
      // The page must be an index read: neither a scan of the table nor a sort of its rows.
      const page = (plans.page ?? []).join('\n');
      // (The sort of the page's own 10 rows after the joins is a quicksort of 10; a top-N heapsort sorts the table.)
      const sortsTable = /Seq Scan on complaints|top-N heapsort/i.test(page);
      const row = {
        call: call.name,
        url: call.url,
        total: first.json().data.total,
        api,
        sql,
        queries: queries.length,
        indexes,
        page_scans_or_sorts_table: sortsTable,
        plans,
      };
      results.push(row);
      console.log(
        `[postgres] ${call.name.padEnd(34)} p50 ${api.p50_ms.toFixed(1)} ms  p95 ${api.p95_ms.toFixed(1)} ms (its SQL p50 ${sql.p50_ms.toFixed(1)} p95 ${sql.p95_ms.toFixed(1)})  indexes ${indexes.join(', ') || '-'}${sortsTable ? '  TABLE SCAN/SORT' : ''}`,
      );
    }
    const met = results.every((r) => (r.api as { p95_ms: number }).p95_ms < 20 && !r.page_scans_or_sorts_table);
    const file = writeResult('complaints-postgres', {
      suite: 'complaints',
      engine: 'postgres',
      complaints: COMPLAINTS,
      captains: CAPTAINS,
      passengers: PASSENGERS,
      load_ms: loadMs,
      runs: RUNS,
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      date: new Date().toISOString(),
      load_average: (await import('node:os')).loadavg(),
      target: { p95_ms_under: 20, index_reads_only: true, met },
      results,
    });
    console.log(`written ${file}; target ${met ? 'met' : 'NOT met'}`);
  } finally {
    await bench.close();
  }
}
