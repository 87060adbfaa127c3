/**
 * The streamed CSV export (GET passenger/export.csv) at 10,000 and 100,000 rows, over HTTP on loopback
 * (the real stream, not app.inject's buffered reply): time to first byte, total time, and the growth of
 * the process's resident memory while the export runs. A streamed export's memory does not grow with
 * its rows, so the 100,000-row growth over the 10,000-row growth stays near 1 (it was ~10 when the
 * file was built in memory). Writes bench/results/export-{engine}.json.
 */
import { seedPeople } from '../apps/server/src/db/seed/people';
import { type BenchApp, type Engine, enginesToRun, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, writeResult } from './lib';

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const URL_PATH = '/api/passenger/export.csv';

interface Run {
  ttfb_ms: number;
  total_ms: number;
  rows: number;
  bytes: number;
  rss_growth_mb: number;
  /** The JS heap's growth (garbage included: without --expose-gc nothing forces a collection). */
  heap_growth_mb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const gc = (globalThis as { gc?: () => void }).gc;

/** One export read to the end through fetch; the bytes are counted and dropped, as a browser saving a file. */
async function exportOnce(base: string, token: string): Promise<Run> {
  gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let heapPeak = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const sampler = setInterval(sample, 5);
  const t0 = performance.now();
  let ttfb = 0;
  let bytes = 0;
  let lines = 0;
  let expected = Number.NaN;
  try {
    const response = await fetch(`${base}${URL_PATH}`, { headers: bearer(token) });
    if (!response.ok || !response.body) throw new Error(`${URL_PATH}: ${response.status}`);
    expected = Number(response.headers.get('x-total-count'));
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (ttfb === 0) ttfb = performance.now() - t0;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      sample();
    }
  } finally {
    clearInterval(sampler);
  }
  const total = performance.now() - t0;
  if (lines - 1 !== expected) throw new Error(`${lines - 1} rows read, X-Total-Count ${expected}`);
  return {
    ttfb_ms: Math.round(ttfb),
    total_ms: Math.round(total),
    rows: lines - 1,
    bytes,
    rss_growth_mb: mb(Math.max(peak, process.memoryUsage.rss()) - before.rss),
    heap_growth_mb: mb(heapPeak - before.heapUsed),
  };
}

async function measureScale(engine: Engine, scale: number) {
  const t0 = performance.now();
  const bench: BenchApp = await openBenchApp(engine, async (_sql, database) => {
    await database.db.transaction((tx) => seedPeople.run(tx, { log: () => {}, scale }));
  });
  console.log(
    `[${engine}] ${Math.round(100_000 * scale)} passengers seeded in ${Math.round(performance.now() - t0)} ms`,
  );
  try {
    const token = await loginToken(bench.app);
    const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    await exportOnce(address, token); // warm-up
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await exportOnce(address, token));
    }
    const result = {
      rows: runs[0].rows,
      bytes: runs[0].bytes,
      ttfb_ms: median(runs.map((r) => r.ttfb_ms)),
      total_ms: median(runs.map((r) => r.total_ms)),
      rows_per_s: Math.round(runs[0].rows / (median(runs.map((r) => r.total_ms)) / 1000)),
      peak_rss_growth_mb: Math.max(...runs.map((r) => r.rss_growth_mb)),
      peak_heap_growth_mb: Math.max(...runs.map((r) => r.heap_growth_mb)),
      runs,
    };
    console.log(
      `[${engine}] ${result.rows} rows: first byte ${result.ttfb_ms} ms, total ${result.total_ms} ms, ` +
        `peak RSS growth ${result.peak_rss_growth_mb} MB, heap ${result.peak_heap_growth_mb} MB`,
    );
    return result;
  } finally {
    await bench.close();
  }
}

/** The passengers export at 10,000 and at 100,000 rows, on each engine. */
export async function benchExport(): Promise<void> {
  for (const engine of await enginesToRun()) {
    const small = await measureScale(engine, 0.1);
    const large = await measureScale(engine, 1);
    // A floor of 1 MB keeps noise (a few pages) from making a meaningless ratio.
    const ratio =
      Math.round((Math.max(1, large.peak_rss_growth_mb) / Math.max(1, small.peak_rss_growth_mb)) * 100) / 100;
    const file = writeResult(`export-${engine}`, {
      engine,
      call: `GET ${URL_PATH}`,
      runs: RUNS,
      gc_between_runs: Boolean(gc),
      target: { rss_growth_ratio_under: 2, note: 'rows ×10, memory must not follow' },
      rows_10k: small,
      rows_100k: large,
      rss_growth_ratio_100k_vs_10k: ratio,
    });
    console.log(`[${engine}] RSS growth ratio 100k/10k: ${ratio}; written ${file}`);
  }
}
