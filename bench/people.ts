/**
 * Passenger and captain search over the people seed (100,000 passengers, 5,000 captains at DEMO_SCALE 1)
 * on PostgreSQL and PGlite, through the API. Writes bench/results/people-{engine}.json.
 */
import { seedPeople } from '../apps/server/src/db/seed/people';
import { type Engine, openBenchApp, postgresReachable } from './db';
import { bearer } from './http';
import { loginToken, measure, writeResult } from './lib';

const RUNS = 40;

const CALLS = [
  { name: 'passenger list (page 1)', url: '/api/passenger?perPage=10' },
  { name: 'passenger search name prefix', url: '/api/passenger?search=gabr&perPage=10' },
  { name: 'passenger search full name', url: '/api/passenger?search=marco%20ross&perPage=10' },
  { name: 'passenger search phone', url: '/api/passenger?search=3360001&perPage=10' },
  { name: 'passenger search phone national', url: '/api/passenger?search=06%2000%2000%2093%2051&perPage=10' },
  { name: 'passenger search phone +33', url: '/api/passenger?search=%2B33%206%2000%2000%2093%2051&perPage=10' },
  { name: 'passenger search phone part', url: '/api/passenger?search=009351&perPage=10' },
  { name: 'passenger search e-mail', url: '/api/passenger?search=sophie.bianchi&perPage=10' },
  { name: 'passenger unapproved + P2', url: '/api/passenger?approved=0&loyalty_class=P2&perPage=10' },
  { name: 'captain search name', url: '/api/captain?search=luca&perPage=10' },
  { name: 'captain/search picker', url: '/api/captain/search?search=gio' },
];

async function runEngine(engine: Engine, scale: number) {
  const t0 = performance.now();
  const bench = await openBenchApp(engine, async (_sql, database) => {
    await database.db.transaction((tx) => seedPeople.run(tx, { log: () => {}, scale }));
  });
  const seedMs = Math.round(performance.now() - t0);
  console.log(`[${engine}] people seeded at scale ${scale} in ${seedMs} ms`);
  try {
    const token = await loginToken(bench.app);
    const results: Record<string, unknown> = {};
    for (const call of CALLS) {
      const inject = () => bench.app.inject({ method: 'GET', url: call.url, headers: bearer(token) });
      const res = await inject();
      if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
      const total = (res.json().data as { total?: number }).total ?? (res.json().data as unknown[]).length;
      const s = await measure(inject, RUNS);
      results[call.name] = { url: call.url, matches: total, ...s };
      console.log(
        `[${engine}] ${call.name.padEnd(32)} p50 ${s.p50_ms.toFixed(1)} ms  p95 ${s.p95_ms.toFixed(1)} ms  (${total} matches)`,
      );
    }
    const target = engine === 'postgres' ? { p95_ms_under: 50 } : null;
    const file = writeResult(`people-${engine}`, { engine, scale, seed_ms: seedMs, runs: RUNS, target, results });
    console.log(`written ${file}`);
  } finally {
    await bench.close();
  }
}

/** Passenger and captain list and search calls at 100,000 passengers, on PostgreSQL and PGlite. */
export async function benchPeople(scale = Number(process.env.DEMO_SCALE ?? 1)): Promise<void> {
  if (await postgresReachable()) await runEngine('postgres', scale);
  else console.log('PostgreSQL not reachable: skipping the PostgreSQL run');
  if (process.env.BENCH_PGLITE !== '0') await runEngine('pglite', scale);
}
