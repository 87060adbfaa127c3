/**
 * The ledger at 10,000,000 account entries on PostgreSQL: a captain's balance (the SUM of their entries)
 * through the service and through the API (balance and the first page of entries), p50/p95 over many
 * captains, and the plan of the balance query (an index-only scan of the owner index is expected).
 * Target p95 < 10 ms. Writes bench/results/ledger-postgres.json (BENCH_LEDGER_ENTRIES changes the volume).
 */
import os from 'node:os';
import { type Engine, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, measure, writeResult } from './lib';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 10_000_000);
const CAPTAINS = Number(process.env.BENCH_LEDGER_CAPTAINS ?? 5_000);
const PASSENGERS = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const TARGET_P95_MS = 10;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

function scans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'].includes('Scan')) {
    const heap = node['Heap Fetches'] === undefined ? '' : ` (heap fetches ${node['Heap Fetches']})`;
    out.push(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}${heap}`);
  }
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

async function runEngine(engine: Engine) {
  const t0 = performance.now();
  let firstCaptain = 0;
  const bench = await openBenchApp(engine, async (sql, database) => {
    await sql(`
      insert into captains (first_name, last_name, active, registered)
      select 'Ledger', 'Captain ' || i, true, true from generate_series(1, ${CAPTAINS}) i`);
    const raw = database.raw;
    const q = 'select min(id) as id from captains where first_name = $1';
    const res = raw.kind === 'pglite' ? await raw.client.query(q, ['Ledger']) : await raw.client.query(q, ['Ledger']);
    firstCaptain = Number((res.rows[0] as { id: number }).id);
    // 80 % captains' entries (rides, bonuses, penalties, closing payments), 20 % passengers', over two years.
    // The owner index is built after the load (one sort rather than ten million inserts into it).
    await sql('drop index account_entries_owner_idx');
    await sql(`
      insert into account_entries (owner_kind, owner_id, type, amount, booking_id, created_at)
      select case when i % 5 = 0 then 'passenger' else 'captain' end,
        case when i % 5 = 0 then 1 + i % ${PASSENGERS} else ${firstCaptain} + i % ${CAPTAINS} end,
        case when i % 5 = 0 then (array['payment','payment','payment','passenger_bonus'])[1 + i % 4]
             else (array['ride','ride','ride','ride','ride','captain_bonus','captain_penalty','closing_payment'])[1 + i % 8] end,
        case when i % 5 = 0 and i % 4 <> 3 then -(500 + i % 4000)
             when i % 8 in (6, 7) then -(200 + i % 3000)
             else 500 + i % 4000 end,
        case when i % 8 < 5 then i end,
        now() - ((${ENTRIES} - i) * (interval '730 days' / ${ENTRIES}))
      from generate_series(1, ${ENTRIES}) i`);
    await sql(
      'create index account_entries_owner_idx on account_entries using btree (owner_kind, owner_id, created_at, id, amount)',
    );
    // What autovacuum does to an append-only table: the visibility map that lets the sum skip the heap.
    await sql('vacuum analyze account_entries');
  });
  const loadMs = Math.round(performance.now() - t0);
  console.log(`[${engine}] ${ENTRIES.toLocaleString('en')} entries loaded in ${loadMs} ms`);
  const loadAverageAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  try {
    const token = await loginToken(bench.app);
    let n = 0;
    // a different captain each call, spread over all of them (the cache does not hold one captain's pages)
    const nextCaptain = () => firstCaptain + ((n++ * 7919) % CAPTAINS);

    const service = await measure(() => bench.app.ledger.balance('captain', nextCaptain()), RUNS, 20);
    console.log(
      `[${engine}] balance (service)       p50 ${service.p50_ms.toFixed(2)} ms  p95 ${service.p95_ms.toFixed(2)} ms`,
    );
    const api = await measure(
      async () => {
        const res = await bench.app.inject({
          method: 'GET',
          url: `/api/captain/${nextCaptain()}/account?perPage=10`,
          headers: bearer(token),
        });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      },
      RUNS,
      20,
    );
    console.log(`[${engine}] account page (API)      p50 ${api.p50_ms.toFixed(2)} ms  p95 ${api.p95_ms.toFixed(2)} ms`);

    const sample = firstCaptain + 42;
    const explain = `EXPLAIN (ANALYZE, FORMAT JSON) select coalesce(sum(amount), 0) from account_entries
      where owner_kind = 'captain' and owner_id = ${sample}`;
    const raw = bench.database.raw;
    const res = raw.kind === 'pglite' ? await raw.client.query(explain) : await raw.client.query(explain);
    const plan = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] })['QUERY PLAN'][0];
    const entriesPerCaptain = Math.round((ENTRIES * 0.8) / CAPTAINS);
    // The target is the balance's; the account page (auth, count and a page of entries besides) is reported beside it.
    const met = service.p95_ms < TARGET_P95_MS;
    const file = writeResult(`ledger-${engine}`, {
      engine,
      entries: ENTRIES,
      captains: CAPTAINS,
      entries_per_captain: entriesPerCaptain,
      load_ms: loadMs,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      load_average_at_start: loadAverageAtStart,
      load_average_at_end: os.loadavg().map((l) => Math.round(l * 100) / 100),
      target: { p95_ms_under: TARGET_P95_MS },
      results: {
        'captain balance (LedgerService.balance)': service,
        'captain account, balance + first page of entries (GET /api/captain/:id/account)': api,
      },
      balance_plan: { scans: scans(plan.Plan), execution_ms: plan['Execution Time'] },
      met,
      account_page_met: api.p95_ms < TARGET_P95_MS,
    });
    console.log(`[${engine}] balance plan: ${scans(plan.Plan).join(', ')}; met: ${met}`);
    console.log(`written ${file}`);
  } finally {
    await bench.close();
  }
}

/** Captain balances at 10,000,000 ledger entries (PostgreSQL; BENCH_PGLITE=1 adds PGlite at the volume given). */
export async function benchLedger(): Promise<void> {
  const { enginesToRun } = await import('./db');
  for (const engine of await enginesToRun({ pgliteByDefault: false })) await runEngine(engine);
}
