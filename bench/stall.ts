/**
 * No user waits for another's export. The server listens in this process; a worker thread (its own event loop, so
 * its timings are not the server's) asks `/api/health` every 20 ms, one request at a time, while 0, 1, 2 and 4
 * clients each read the payments export (`GET payment/rides/export.csv`, 100,000 rides by default) to the end,
 * again and again, for the phase's duration. Per phase: health p50/p99/max and the largest event-loop delay seen
 * in the server's process (perf_hooks, 10 ms resolution); the ratio of each to the phase without exports; and
 * the time of one export alone (rows/s). Targets: health p99 < 100 ms and no loop delay > 100 ms with exports
 * running; 100,000 rows in < 10 s on PostgreSQL and < 20 s on PGlite. Writes bench/results/stall-{engine}.json.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { type BenchApp, type Engine, enginesToRun, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, writeResult } from './lib';

const RIDES = Number(process.env.BENCH_STALL_RIDES ?? 100_000);
const PHASE_MS = Number(process.env.BENCH_STALL_SECONDS ?? 15) * 1000;
const EXPORTERS = [0, 1, 2, 4];
const EXPORT_PATH = '/api/payment/rides/export.csv';
const TARGET = { health_p99_ms: 100, loop_delay_max_ms: 100, export_100k_s: { postgres: 10, pglite: 20 } };

/** 100,000 rides of 2,000 captains, each with one finished booking and its DONE payment. */
async function generateRides(sql: BenchApp['sql'], rides: number): Promise<void> {
  await sql(`
    INSERT INTO captains (first_name, last_name, phone_number, active)
      SELECT 'Stall', 'Captain ' || g, '+3365' || lpad(g::text, 7, '0'), true FROM generate_series(1, 2000) g;
    INSERT INTO cars (captain_id, number) SELECT id, 'ST-' || lpad(id::text, 5, '0') FROM captains WHERE first_name = 'Stall';
    INSERT INTO rides (captain_id, car_id, created_at)
      SELECT c.captain_id, c.id, now() - (g || ' minutes')::interval
      FROM generate_series(1, ${rides}) g
      JOIN (SELECT id, captain_id, row_number() OVER (ORDER BY id) - 1 AS n FROM cars WHERE number LIKE 'ST-%') c
        ON c.n = g % 2000;
    INSERT INTO bookings (status, origin, datetime, now, seats, service_id, passenger_id, pick_up_location_name,
        pick_up_lon, pick_up_lat, ride_id, created_at, updated_at)
      SELECT 'DONE', 'phone', r.created_at, true, 1, (SELECT min(id) FROM services),
        (SELECT min(id) FROM passengers), 'Stall pickup', 7.42, 43.73, r.id, r.created_at, r.created_at
      FROM rides r JOIN cars c ON c.id = r.car_id WHERE c.number LIKE 'ST-%';
    INSERT INTO payments (booking_id, ride_id, status, amount)
      SELECT b.id, b.ride_id, 'DONE', 10 + b.id % 40 FROM bookings b WHERE b.pick_up_location_name = 'Stall pickup';
  `);
}

/** The health poller, in a thread of its own: its clock is not stalled by the server's loop. */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, ms, interval } = workerData;
(async () => {
  const samples = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(30000) });
      await r.arrayBuffer();
      samples.push(performance.now() - t0);
    } catch {
      samples.push(30000);
    }
    const wait = interval - (performance.now() - t0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  parentPort.postMessage(samples);
})();
`;

function pollHealth(base: string, ms: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(POLLER, { eval: true, workerData: { url: `${base}/api/health`, ms, interval: 20 } });
    worker.once('message', (samples: number[]) => {
      void worker.terminate();
      resolve(samples);
    });
    worker.once('error', reject);
  });
}

/** One export read to the end (bytes counted and dropped); its rows and time. */
async function exportOnce(base: string, token: string, signal?: AbortSignal): Promise<{ rows: number; ms: number }> {
  const t0 = performance.now();
  const response = await fetch(`${base}${EXPORT_PATH}`, { headers: bearer(token), signal });
  if (!response.ok || !response.body) throw new Error(`${EXPORT_PATH}: ${response.status}`);
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  return { rows: lines - 1, ms: performance.now() - t0 };
}

const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

async function phase(base: string, token: string, exporters: number) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const stop = new AbortController();
  let exportsDone = 0;
  const clients = Array.from({ length: exporters }, async () => {
    while (!stop.signal.aborted) {
      try {
        await exportOnce(base, token, stop.signal);
        exportsDone++;
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      }
    }
  });
  loop.enable();
  const samples = await pollHealth(base, PHASE_MS);
  loop.disable();
  stop.abort();
  await Promise.all(clients);
  return {
    exporters,
    health_requests: samples.length,
    health_p50_ms: round(percentile(samples, 0.5)),
    health_p99_ms: round(percentile(samples, 0.99)),
    health_max_ms: round(Math.max(...samples)),
    loop_delay_p99_ms: round(loop.percentile(99) / 1e6),
    loop_delay_max_ms: round(loop.max / 1e6),
    exports_completed: exportsDone,
  };
}

/** PGlite: the ten longest statements (their first words and time), which are stalls of this thread. */
function watchSlowStatements(bench: BenchApp): () => { sql: string; ms: number }[] {
  const raw = bench.database.raw;
  if (raw.kind !== 'pglite') return () => [];
  const slow: { sql: string; ms: number }[] = [];
  const client = raw.client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = client.query.bind(client);
  client.query = async (...args: unknown[]) => {
    const t0 = performance.now();
    try {
      return await query(...args);
    } finally {
      const ms = performance.now() - t0;
      if (ms > 20) slow.push({ sql: String(args[0]).replace(/\s+/g, ' ').slice(0, 160), ms: round(ms) });
    }
  };
  return () => slow.sort((a, b) => b.ms - a.ms).slice(0, 10);
}

async function measureEngine(engine: Engine) {
  const load_average_at_start = loadavg().map(round);
  const t0 = performance.now();
  const bench = await openBenchApp(engine, (sql) => generateRides(sql, RIDES));
  console.log(`[${engine}] ${RIDES} rides seeded in ${Math.round(performance.now() - t0)} ms`);
  const slowStatements = watchSlowStatements(bench);
  try {
    const token = await loginToken(bench.app);
    const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    await exportOnce(base, token); // warm-up
    const alone = await exportOnce(base, token);
    console.log(`[${engine}] one export: ${alone.rows} rows in ${Math.round(alone.ms)} ms`);
    const phases = [];
    for (const exporters of EXPORTERS) {
      const result = await phase(base, token, exporters);
      console.log(
        `[${engine}] ${exporters} exports: health p99 ${result.health_p99_ms} ms (max ${result.health_max_ms}), ` +
          `loop delay max ${result.loop_delay_max_ms} ms, ${result.exports_completed} exports done`,
      );
      phases.push(result);
    }
    const [quiet] = phases;
    const busy = phases.slice(1);
    const worstHealth = Math.max(...busy.map((p) => p.health_p99_ms));
    const worstLoop = Math.max(...busy.map((p) => p.loop_delay_max_ms));
    return {
      engine,
      load_average_at_start,
      call: `GET ${EXPORT_PATH}`,
      rides: RIDES,
      phase_seconds: PHASE_MS / 1000,
      target: { ...TARGET, export_100k_s: TARGET.export_100k_s[engine] },
      export_alone: {
        rows: alone.rows,
        seconds: round(alone.ms / 1000),
        rows_per_s: Math.round(alone.rows / (alone.ms / 1000)),
      },
      phases: phases.map((p) => ({
        ...p,
        health_p99_ratio: round(p.health_p99_ms / Math.max(1, quiet.health_p99_ms)),
        loop_delay_max_ratio: round(p.loop_delay_max_ms / Math.max(1, quiet.loop_delay_max_ms)),
      })),
      /** The embedded engine's statements that held the thread longest (PGlite runs them in this thread). */
      slowest_statements_ms: slowStatements(),
      met: {
        health_p99: worstHealth < TARGET.health_p99_ms,
        loop_delay: worstLoop < TARGET.loop_delay_max_ms,
        export_time: alone.ms / 1000 < (TARGET.export_100k_s[engine] * RIDES) / 100_000,
      },
    };
  } finally {
    await bench.close();
  }
}

export async function benchStall(): Promise<void> {
  for (const engine of await enginesToRun()) {
    const result = await measureEngine(engine);
    const file = writeResult(`stall-${engine}`, result);
    console.log(`[${engine}] met ${JSON.stringify(result.met)}; written ${file}`);
  }
}
