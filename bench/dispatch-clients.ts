/**
 * Child process of the dispatch and capacity benchmarks: N operator sockets (socket.io-client) spread over the
 * given server URLs, timing each `captain_location_updated` update from its report time to receipt into a
 * histogram. Runs in its own process so the server's CPU figures do not include the clients' decoding
 * (bench/socket-clients.ts may start several and merges their histograms).
 * Args: URLs (comma-separated), token, socket count, index of the first socket (which URL it starts on).
 */

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { decodeLocationBatch, type LocationBatchBytes, readLocationBatches } from '@taxi/shared';
import { io, type Socket } from 'socket.io-client';

const [urls, token, countText, firstText] = process.argv.slice(2);
const count = Number(countText);
const first = Number(firstText ?? 0);
const bases = urls.split(',');
const HIST_MAX = 10_000;
let hist = new Uint32Array(HIST_MAX + 1);
// The wire size of the position batches, read off the first socket's engine (every socket gets the same).
let wireBytes = 0;
let wireUpdates = 0;
// The same updates as one object each (the batch's former shape), for the ratio.
let objectBytes = 0;
// This process's own CPU since the last reset: the measuring side must not be what saturates.
let cpu0 = process.cpuUsage();
// This process's own event-loop delays: a stalled measuring side delays every receipt it times.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

const sockets: Socket[] = [];
let connected = 0;
for (let i = 0; i < count; i++) {
  const s = io(bases[(first + i) % bases.length], {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  if (i === 0)
    s.io.on('open', () => {
      // A batch is a text frame naming the event and a binary frame with the buffer right after it.
      let batchNext = false;
      s.io.engine.on('data', (data: unknown) => {
        if (typeof data === 'string') {
          batchNext = data.includes('captain_location_updated');
          if (batchNext) wireBytes += data.length;
        } else if (batchNext) {
          wireBytes += (data as ArrayBuffer | Uint8Array).byteLength;
          batchNext = false;
        }
      });
    });
  s.on('connect', () => {
    connected++;
    if (connected === count) process.send?.({ type: 'ready' });
  });
  s.on('connect_error', (e) => process.send?.({ type: 'error', message: String(e) }));
  s.on('captain_location_updated', (bytes: LocationBatchBytes) => {
    const now = Date.now();
    const batches = readLocationBatches(bytes);
    if (s === sockets[0]) {
      for (const batch of batches) wireUpdates += batch.id.length;
      objectBytes += JSON.stringify(['captain_location_updated', { updates: decodeLocationBatch(bytes) }]).length;
    }
    for (const batch of batches)
      for (const at of batch.at) {
        const ms = Math.max(0, now - (batch.t0 + at));
        hist[Math.min(HIST_MAX, ms)]++;
      }
  });
  sockets.push(s);
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'reset') {
    cpu0 = process.cpuUsage();
    loop.reset();
    hist = new Uint32Array(HIST_MAX + 1);
    wireBytes = 0;
    wireUpdates = 0;
    objectBytes = 0;
  } else if (msg.type === 'report') {
    // The histogram as [ms, count] pairs: the parent merges those of its processes before reading percentiles.
    const histogram: [number, number][] = [];
    for (let ms = 0; ms <= HIST_MAX; ms++) if (hist[ms] > 0) histogram.push([ms, hist[ms]]);
    process.send?.({
      type: 'report',
      histogram,
      cpu_ms: (({ user, system }) => Math.round((user + system) / 1000))(process.cpuUsage(cpu0)),
      loop_p99_ms: Math.round(loop.percentile(99) / 1e6),
      loop_max_ms: Math.round(loop.max / 1e6),
      bytes_per_update: wireUpdates ? Math.round((wireBytes / wireUpdates) * 10) / 10 : null,
      object_bytes_per_update: wireUpdates ? Math.round((objectBytes / wireUpdates) * 10) / 10 : null,
    });
  } else if (msg.type === 'exit') {
    for (const s of sockets) s.disconnect();
    process.exit(0);
  }
});
