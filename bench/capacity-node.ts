/**
 * One server node of the capacity benchmark (bench/capacity.ts), run as its own process as it deploys: the API
 * with its Socket.IO server on its port, the shared PostgreSQL, Redis for the adapter and the position relay. The
 * captains' position reports it owns reach it over UDP from the load generator, as from a gateway (records of
 * bench/report-record.ts, many per datagram).
 * Args: database URL, Redis URL, HTTP port, UDP port, data directory.
 */
import { createSocket } from 'node:dgram';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { REPORT_BYTES, readReport } from './report-record';

const [databaseUrl, redisUrl, portText, udpPortText, dataDir] = process.argv.slice(2);
try {
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl,
    SIMULATOR: 'off',
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  await app.listen({ port: Number(portText), host: '127.0.0.1' });
  let reports = 0;
  // What the step did to the event loop: its delays, and the collections' pauses (major: mark-compact).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc = { major_ms: 0, minor_ms: 0, max_ms: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major_ms += e.duration;
      else gc.minor_ms += e.duration;
      gc.max_ms = Math.max(gc.max_ms, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const udp = createSocket('udp4');
  udp.on('message', (buf) => {
    for (let o = 0; o + REPORT_BYTES <= buf.length; o += REPORT_BYTES) {
      const r = readReport(buf, o);
      app.locations.report(r.id, r.lon, r.lat, r.heading, r.speed, r.at);
      reports++;
    }
  });
  await new Promise<void>((resolve) => udp.bind(Number(udpPortText), '127.0.0.1', resolve));
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'usage') {
      process.send?.({
        type: 'usage',
        cpu: process.cpuUsage(),
        reports,
        loop_p99_ms: loop.percentile(99) / 1e6,
        loop_max_ms: loop.max / 1e6,
        gc: { ...gc },
      });
      loop.reset();
      Object.assign(gc, { major_ms: 0, minor_ms: 0, max_ms: 0 });
    }
    if (m.type === 'exit') {
      // Out before the parent's kill (a second later) even when closing takes longer: a --cpu-prof profile
      // (BENCH_CHILD_NODE_FLAGS) is written only by an exit of the process's own.
      setTimeout(() => process.exit(0), 500).unref();
      udp.close();
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({ type: 'ready' });
} catch (error) {
  process.send?.({ type: 'error', message: String(error) });
  process.exit(1);
}
