import { encodeLocationBatch, LOCATION_FANOUT_MS, type LocationReport } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type PositionedCaptain, rankCandidates } from '../apps/server/src/dispatch/ranking';
import { LiveFleet } from '../apps/server/src/modules/tracking/live-fleet';

import { openBenchApp } from './db';
import { loginToken, measure, type Stats, stats, writeResult } from './lib';
import { rng } from './random';
import { benchRelayApply } from './relay-apply';
import { startClients } from './socket-clients';

/**
 * Dispatch engine and live positions.
 * (a) candidate search over 10,000 online captains in the in-memory grid vs a plain SQL distance scan
 *     (PGlite, ORDER BY haversine LIMIT k) of the same positions; plus the full ranking with K street ETAs.
 * (b) 5,000 captains reporting every 4 s through LocationService on one listening server with 100
 *     operator sockets (in a child process): report → receipt latency and server CPU per 1,000 updates.
 * (c) the same over two app instances (two Socket.IO servers, two ports) sharing Redis (adapter + position relay).
 */
const CAPTAINS = 10_000;
const ID_BASE = 100_000;
const REPORTERS = Number(process.env.BENCH_REPORTERS ?? 5000);
const REPORT_EVERY_MS = 4000;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100);
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CENTRE: [number, number] = [7.4246, 43.7384];
const SPREAD = 0.08; // degrees (~6-9 km square around the centre)

const HAVERSINE = `2 * 6371008.8 * asin(sqrt(power(sin(radians(last_lat - $2) / 2), 2)
  + cos(radians($2)) * cos(radians(last_lat)) * power(sin(radians(last_lon - $1) / 2), 2)))`;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Drives REPORTERS captains at the real rate for warmup + FANOUT_SECONDS, split over the given apps. */
async function fanout(apps: FastifyInstance[], urls: string[], token: string) {
  const clients = await startClients(urls, token, SOCKETS);
  const random = rng(42);
  const pos = Array.from({ length: REPORTERS }, () => [
    CENTRE[0] + (random() - 0.5) * SPREAD,
    CENTRE[1] + (random() - 0.5) * SPREAD,
  ]);
  const perMs = REPORTERS / REPORT_EVERY_MS;
  let next = 0;
  let sent = 0;
  let measuredReports = 0;
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  const start = performance.now();
  let measuring = false;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - start;
      if (!measuring && elapsed >= WARMUP_SECONDS * 1000) {
        measuring = true;
        clients.reset();
        cpu0 = process.cpuUsage();
        t0 = performance.now();
        measuredReports = 0;
      }
      if (elapsed >= (WARMUP_SECONDS + FANOUT_SECONDS) * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      const due = Math.floor(elapsed * perMs) - sent;
      for (let i = 0; i < due; i++) {
        const idx = next;
        next = (next + 1) % REPORTERS;
        const p = pos[idx];
        p[0] += (random() - 0.5) * 0.0004;
        p[1] += (random() - 0.5) * 0.0004;
        const id = ID_BASE + idx + 1;
        apps[id % apps.length].locations.report(id, p[0], p[1], Math.floor(random() * 360), 30);
      }
      sent += due;
      if (measuring) measuredReports += due;
    }, 10);
  });
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  // let the last batches arrive
  await new Promise((r) => setTimeout(r, 600));
  const report = await clients.report();
  clients.exit();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    reporters: REPORTERS,
    report_every_ms: REPORT_EVERY_MS,
    sockets: SOCKETS,
    nodes: apps.length,
    measured_seconds: Math.round(seconds * 10) / 10,
    reports: measuredReports,
    reports_per_s: Math.round(measuredReports / seconds),
    deliveries: report.deliveries,
    expected_deliveries: measuredReports * SOCKETS,
    latency: { p50_ms: report.p50_ms, p95_ms: report.p95_ms, p99_ms: report.p99_ms, max_ms: report.max_ms },
    bytes_per_update: report.bytes_per_update,
    object_bytes_per_update: report.object_bytes_per_update,
    server_cpu_ms_per_1000_updates: Math.round((cpuMs / (measuredReports / 1000)) * 10) / 10,
    server_cpu_percent_of_one_core: Math.round((cpuMs / (seconds * 1000)) * 1000) / 10,
    batches_sent_since_start: apps.reduce((n, a) => n + a.locations.counters.batches, 0),
    db_write_behind_max_ms: Math.round(Math.max(...apps.map((a) => a.locations.counters.persistMaxMs))),
  };
}

/**
 * The server's cost of one fan-out tick's batch (5,000 captains every 4 s, a 50 ms tick: ~63 reports), from
 * the buffered reports to what Socket.IO sends: the binary columns (encodeLocationBatch, with the event's text
 * frame) against one object per captain with its ISO time, as the batches were at first. Same reports, same run.
 */
function batchEncoding() {
  const random = rng(11);
  const perTick = Math.round((REPORTERS / REPORT_EVERY_MS) * LOCATION_FANOUT_MS);
  const reports: LocationReport[] = Array.from({ length: perTick }, (_, i) => ({
    captain_id: ID_BASE + i,
    lon: CENTRE[0] + (random() - 0.5) * SPREAD,
    lat: CENTRE[1] + (random() - 0.5) * SPREAD,
    heading: Math.floor(random() * 360),
    speed_kmh: 30,
    state: 'FREE',
    at: Date.now() - Math.floor(random() * 50),
  }));
  // The binary batch as the socket sends it: the event's text frame and the buffer.
  const eventFrame = `451-${JSON.stringify(['captain_location_updated', { _placeholder: true, num: 0 }])}`;
  const columns = () => ({ length: eventFrame.length + encodeLocationBatch(reports).byteLength });
  const objects = () =>
    JSON.stringify([
      'captain_location_updated',
      { updates: reports.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) },
    ]);
  const time = (f: () => { length: number }) => {
    for (let i = 0; i < 2000; i++) f();
    const t = performance.now();
    for (let i = 0; i < 20_000; i++) f();
    return ((performance.now() - t) / 20_000) * 1000;
  };
  const objectsUs = time(objects);
  const columnsUs = time(columns);
  return {
    reports_per_batch: perTick,
    objects: { us_per_batch: Math.round(objectsUs * 10) / 10, bytes: objects().length },
    columns: { us_per_batch: Math.round(columnsUs * 10) / 10, bytes: columns().length },
    time_ratio_columns_to_objects: Math.round((columnsUs / objectsUs) * 100) / 100,
    bytes_ratio_columns_to_objects: Math.round((columns().length / objects().length) * 100) / 100,
  };
}

export async function benchDispatch(): Promise<void> {
  const random = rng(7);
  const positions = Array.from({ length: CAPTAINS }, (_, i) => ({
    id: i + 1,
    lon: CENTRE[0] + (random() - 0.5) * SPREAD,
    lat: CENTRE[1] + (random() - 0.5) * SPREAD,
    free: i % 5 < 3,
  }));
  console.log(`loading ${CAPTAINS} captains into PGlite…`);
  const bench = await openBenchApp('pglite', async (sql) => {
    // the demo captains go offline; the bench's 10,000 get ids from ID_BASE + 1
    await sql('UPDATE captains SET online = false');
    const rows = positions.map((p) => `(${p.id + ID_BASE}, 'C', '${p.id}', true, true, ${p.lon}, ${p.lat}, now())`);
    for (let i = 0; i < rows.length; i += 2000) {
      await sql(
        `INSERT INTO captains (id, first_name, last_name, active, online, last_lon, last_lat, last_location_at) VALUES ${rows.slice(i, i + 2000).join(',')}`,
      );
    }
  });
  const os = await import('node:os');
  const results: Record<string, unknown> = {
    captains: CAPTAINS,
    machine_cores: os.cpus().length,
    load_average_at_start: os.loadavg().map((l) => Math.round(l * 10) / 10),
  };
  try {
    // (a) candidate search
    const grid = new LiveFleet();
    const now = Date.now();
    for (const p of positions) {
      grid.upsertSync(p.id, p.lon, p.lat, {
        state: p.free ? 'FREE' : 'ON_TRIP',
        heading: null,
        speed_kmh: null,
        at: now,
        since: now - 600_000,
      });
    }
    const queries = Array.from({ length: 5000 }, () => [
      CENTRE[0] + (random() - 0.5) * SPREAD,
      CENTRE[1] + (random() - 0.5) * SPREAD,
    ]);
    for (let i = 0; i < 500; i++) grid.nearbySync(queries[i][0], queries[i][1], 5000, 10, (m) => m.state === 'FREE');
    const samples: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      grid.nearbySync(q[0], q[1], 5000, 10, (m) => m.state === 'FREE');
      samples.push(performance.now() - t);
    }
    const indexStats = stats(samples);
    const raw = bench.database.raw;
    if (raw.kind !== 'pglite') throw new Error('expected PGlite');
    let qi = 0;
    const sqlStats: Stats = await measure(async () => {
      const q = queries[qi++ % queries.length];
      await raw.client.query(
        `SELECT id FROM captains WHERE online AND active AND last_lon IS NOT NULL ORDER BY ${HAVERSINE} LIMIT 10`,
        [q[0], q[1]],
      );
    }, 60);
    // full ranking: nearest 50 free, then street-graph ETAs for K = 10 (what an API call adds on top of SQL facts)
    const city = bench.app.city;
    const rankSamples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const q = queries[i] as [number, number];
      const t = performance.now();
      const hits = grid.nearbySync(q[0], q[1], 5000, 50, (m) => m.state === 'FREE');
      const eligible: PositionedCaptain[] = hits.map((h) => ({
        captain_id: h.id,
        name: '',
        online: true,
        active: true,
        blocked_until: null,
        service_ids: [],
        car_number: null,
        vehicle_type: 'sedan',
        seats: 4,
        on_ride: false,
        offered: false,
        lon: h.lon,
        lat: h.lat,
        distance_m: h.distance_m,
        idle_s: (now - h.meta.since) / 1000,
        position_age_s: 0,
      }));
      rankCandidates({ seats: 1, pickup: q }, eligible, (from, to) => city.eta(from, to), 10);
      if (i >= 20) rankSamples.push(performance.now() - t);
    }
    results.candidate_search = {
      query: 'nearest 10 FREE captains within 5 km of a random pickup',
      memory_grid: indexStats,
      sql_haversine_scan_pglite: sqlStats,
      sql_over_index_p50_ratio: Math.round((sqlStats.p50_ms / indexStats.p50_ms) * 10) / 10,
      target_p99_ms: 2,
      ranking_with_10_street_etas: stats(rankSamples),
      street_graph: city.hasStreets,
    };
    console.log('candidate search', JSON.stringify(results.candidate_search));
    results.relay_apply = benchRelayApply();
    console.log('relay apply', JSON.stringify(results.relay_apply));

    // (b) fan-out on one node
    const token = await loginToken(bench.app, 'dispatcher@example.com');
    const url = await listen(bench.app);
    results.batch_encoding = batchEncoding();
    console.log('batch encoding', JSON.stringify(results.batch_encoding));
    results.fanout_one_node = await fanout([bench.app], [url], token);
    (results.fanout_one_node as Record<string, unknown>).load_average_after = os.loadavg()[0];
    console.log('fan-out, one node', JSON.stringify(results.fanout_one_node));

    // (c) two app instances sharing Redis
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let redisOk = true;
    try {
      await redis.connect();
      await redis.ping();
    } catch {
      redisOk = false;
      redis.disconnect();
    }
    if (!redisOk) {
      results.fanout_two_nodes_redis = { skipped: `Redis unreachable at ${REDIS_URL}` };
    } else {
      const apps: FastifyInstance[] = [];
      try {
        for (let i = 0; i < 2; i++) {
          const config = loadConfig({
            APP_ENV: 'development',
            DATA_DIR: bench.app.config.dataDir,
            LOG_LEVEL: 'silent',
            REDIS_URL,
          });
          const app = await buildApp({ config, db: bench.database.db, logger: false, city: bench.app.city });
          await app.ready();
          apps.push(app);
        }
        const urls = [];
        for (const app of apps) urls.push(await listen(app));
        const two = await fanout(apps, urls, token);
        const one = results.fanout_one_node as { latency: { p99_ms: number }; server_cpu_ms_per_1000_updates: number };
        results.fanout_two_nodes_redis = {
          ...two,
          note: 'two app instances in one process, each with its own Socket.IO server and port, Redis adapter and position relay',
          p99_ratio_to_one_node: Math.round((two.latency.p99_ms / Math.max(1, one.latency.p99_ms)) * 100) / 100,
          cpu_ratio_to_one_node:
            Math.round((two.server_cpu_ms_per_1000_updates / one.server_cpu_ms_per_1000_updates) * 100) / 100,
        };
        console.log('fan-out, two nodes + Redis', JSON.stringify(results.fanout_two_nodes_redis));
      } finally {
        for (const app of apps) await app.close();
        redis.disconnect();
      }
    }
  } finally {
    await bench.close();
  }
  const file = writeResult('dispatch', results);
  console.log(`written ${file}`);
}
