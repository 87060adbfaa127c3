/**
 * Tickets at 500,000 rows on PostgreSQL, through the API (app.inject): the monitoring's first page, by status,
 * by assignee, the overdue view, and the new-ticket dialog's pending queue. p50/p95 per call, and the plan
 * of every statement the call sends to the tickets table (EXPLAIN of the captured SQL): the indexes it
 * uses and whether any sequential scan of tickets remains. Target p95 < 20 ms.
 * Writes bench/results/tickets-postgres.json (BENCH_TICKETS changes the volume).
 */
import { type Engine, openBenchApp } from './db';
import { bearer } from './http';
import { type CapturedQuery, loginToken, measure, QueryRecorder, writeResult } from './lib';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 500_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, out: { indexes: Set<string>; seqScans: Set<string> }) {
  if (node['Index Name']) out.indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) out.seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, out);
}

async function runEngine(engine: Engine) {
  const t0 = performance.now();
  const bench = await openBenchApp(engine, async (sql) => {
    // 500,000 tickets over a year, ids growing with time; the newest 4 % are still open (the newest 300
    // PENDING), the rest RESOLVED or CLOSED. Staff 1–5 are the assignees, the four seeded types the types.
    await sql(`
      insert into tickets (type_id, status, author_type, author_id, author_first_name, author_last_name,
        subject_type, subject_id, subject_name, assignee_id, created_at, updated_at, sla_due_at)
      select t.type_id,
        case when i > ${TICKETS} - 300 then 'PENDING'
             when i > ${TICKETS} * 0.98 then 'ASSIGNED'
             when i > ${TICKETS} * 0.96 then 'IN_PROGRESS'
             when i % 5 = 0 then 'RESOLVED' else 'CLOSED' end,
        'passenger', 1 + i % 300, 'Pax', 'Number ' || i, 'captain', 1 + i % 60, 'Captain ' || (i % 60),
        case when i > ${TICKETS} - 300 then null else 1 + i % 5 end,
        t.created, t.created, t.created + (t.sla * interval '1 minute')
      from generate_series(1, ${TICKETS}) i,
        lateral (select (select id from ticket_types order by id offset (i % 4) limit 1) as type_id,
                        now() - ((${TICKETS} - i) * (interval '365 days' / ${TICKETS})) as created,
                        60 + (i % 4) * 60 as sla) t;`);
  });
  const loadMs = Math.round(performance.now() - t0);
  console.log(`[${engine}] ${TICKETS.toLocaleString('en')} tickets loaded in ${loadMs} ms`);
  try {
    const token = await loginToken(bench.app);
    const recorder = new QueryRecorder(bench.database);
    const calls = [
      { name: 'monitoring, first page', url: '/api/tickets?perPage=15' },
      { name: 'monitoring, by status (IN_PROGRESS)', url: '/api/tickets?status=IN_PROGRESS&perPage=15' },
      { name: 'monitoring, by status (CLOSED)', url: '/api/tickets?status=CLOSED&perPage=15' },
      { name: 'monitoring, by assignee', url: '/api/tickets?assignee_id=3&perPage=15' },
      { name: 'monitoring, overdue', url: '/api/tickets?overdue=1&perPage=15' },
      {
        name: 'monitoring, status + type + older than 24 h',
        url: '/api/tickets?status=RESOLVED&type_id=2&age=24&perPage=15',
      },
      { name: 'pending queue (new-ticket dialog)', url: '/api/tickets/pending' },
    ];
    const results: Record<string, unknown> = {};
    for (const call of calls) {
      const inject = () => bench.app.inject({ method: 'GET', url: call.url, headers: bearer(token) });
      const first = await inject();
      if (first.statusCode !== 200) throw new Error(`${call.url}: ${first.statusCode} ${first.body}`);
      const queries = (await recorder.capture(inject)).filter((q: CapturedQuery) => /\btickets\b/.test(q.text));
      const found = { indexes: new Set<string>(), seqScans: new Set<string>() };
      for (const q of queries) {
        const raw = bench.database.raw;
        const explain = `EXPLAIN (FORMAT JSON) ${q.text}`;
        const res =
          raw.kind === 'pglite'
            ? await raw.client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(explain, q.params as never[])
            : await raw.client.query(explain, q.params);
        const plan = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0].Plan;
        walk(plan, found);
      }
      const s = await measure(inject, RUNS);
      results[call.name] = {
        url: call.url,
        total: (first.json().data as { total: number }).total,
        ...s,
        indexes: [...found.indexes].sort(),
        seq_scans: [...found.seqScans].sort(),
      };
      console.log(
        `[${engine}] ${call.name.padEnd(46)} p50 ${s.p50_ms.toFixed(1)} ms  p95 ${s.p95_ms.toFixed(1)} ms  ` +
          `indexes ${[...found.indexes].join(', ') || '—'}${found.seqScans.size ? `  SEQ ${[...found.seqScans].join(', ')}` : ''}`,
      );
    }
    const met = Object.values(results).every((r) => (r as { p95_ms: number }).p95_ms < 20);
    const os = await import('node:os');
    const file = writeResult(`tickets-${engine}`, {
      engine,
      tickets: TICKETS,
      load_ms: loadMs,
      runs: RUNS,
      machine: { cpus: os.cpus().length, node: process.version },
      date: new Date().toISOString(),
      load_average: os.loadavg(),
      target: { p95_ms_under: 20, met },
      results,
    });
    console.log(`written ${file}; target ${met ? 'met' : 'MISSED (see load_average: a busy machine inflates p95)'}`);
  } finally {
    await bench.close();
  }
}

/** The tickets monitoring and the pending queue at 500,000 tickets (PostgreSQL; BENCH_PGLITE=1 adds PGlite). */
export async function benchTickets(): Promise<void> {
  const { enginesToRun } = await import('./db');
  for (const engine of await enginesToRun({ pgliteByDefault: false })) await runEngine(engine);
}
