/**
 * HTTP throughput: the real server listening on loopback, driven by autocannon (a separate process, so
 * the load generator does not share the server's event loop) at 10 connections for a few seconds per
 * call. Each call's SQL is captured from the driver and replayed through the same driver by 10
 * concurrent loops for the same time: api/sql is the API's requests per second over the replay's, the
 * share of the database's own throughput the API keeps (PostgreSQL target ≥ 0.6; PGlite is one
 * connection, so its replay is serialised too and the ratio is reported as it is).
 * Writes bench/results/http-<engine>.json.
 */
import { execFile } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateHistory } from './bookings';
import { type Engine, enginesToRun, openBenchApp } from './db';
import { bearer } from './http';
import { type CapturedQuery, loginToken, QueryRecorder, stats, writeResult } from './lib';

const BOOKINGS = Number(process.env.BENCH_HTTP_BOOKINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONNECTIONS = 10;
const AUTOCANNON = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../node_modules/autocannon/autocannon.js',
);

const CALLS = [
  { name: 'health', url: '/api/health', signedIn: false },
  { name: 'check_auth', url: '/api/check_auth', signedIn: true },
  { name: 'board perPage=25', url: '/api/booking?perPage=25', signedIn: true },
  { name: 'search customer=a', url: '/api/booking/search?customer=a', signedIn: true },
];

interface Load {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non2xx: number;
}

/** autocannon against the listening server, in its own process; its JSON summary. */
async function autocannon(url: string, headers: Record<string, string>): Promise<Load> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(SECONDS), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    rps: r.requests.average,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx + r.errors,
  };
}

/** `loops` concurrent loops replaying the captured statements in order for `seconds`. */
async function replayLoad(recorder: QueryRecorder, queries: CapturedQuery[], loops: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const samples: number[] = [];
  const loop = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await recorder.replay(queries);
      samples.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: loops }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const s = stats(samples);
  return { rps: Math.round((samples.length / elapsed) * 10) / 10, p50_ms: s.p50_ms, p99_ms: s.p99_ms };
}

async function runEngine(engine: Engine) {
  const t0 = performance.now();
  const bench = await openBenchApp(engine, (sql) => generateHistory(sql, BOOKINGS));
  console.log(`[${engine}] ${BOOKINGS} bookings loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const token = await loginToken(bench.app);
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const address = bench.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no port');
    const base = `http://127.0.0.1:${address.port}`;
    const recorder = new QueryRecorder(bench.database);
    const rows = [];
    for (const call of CALLS) {
      const headers = call.signedIn ? bearer(token) : {};
      const inject = () => bench.app.inject({ method: 'GET', url: call.url, headers });
      const first = await inject();
      if (first.statusCode !== 200) throw new Error(`${call.url}: ${first.statusCode} ${first.body}`);
      const queries = await recorder.capture(inject);
      const api = await autocannon(`${base}${call.url}`, headers);
      const sql = queries.length ? await replayLoad(recorder, queries, CONNECTIONS, SECONDS) : null;
      const ratio = sql ? Math.round((api.rps / sql.rps) * 100) / 100 : null;
      rows.push({ call: call.name, url: call.url, statements: queries.length, api, sql, ratio_api_to_sql: ratio });
      console.log(
        `[${engine}] ${call.name.padEnd(20)} ${queries.length} statements; api ${api.rps} req/s p99 ${api.p99_ms} ms` +
          `${api.non2xx ? ` (${api.non2xx} failed)` : ''}; sql ${sql ? `${sql.rps} req/s p99 ${sql.p99_ms} ms` : '—'}; ratio ${ratio ?? '—'}`,
      );
    }
    return rows;
  } finally {
    await bench.close();
  }
}

export async function benchHttp(): Promise<void> {
  for (const engine of await enginesToRun()) {
    const rows = await runEngine(engine);
    const file = writeResult(`http-${engine}`, {
      suite: 'http',
      engine,
      bookings: BOOKINGS,
      connections: CONNECTIONS,
      seconds_per_call: SECONDS,
      machine: { cpus: cpus().length, node: process.version },
      date: new Date().toISOString(),
      target: engine === 'postgres' ? { ratio_at_least: 0.6 } : null,
      rows,
    });
    console.log(`written ${file}`);
  }
}
