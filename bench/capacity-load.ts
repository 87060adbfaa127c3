/**
 * The load generator of the capacity benchmark (bench/capacity.ts), a process of its own: CAPTAINS captains moving
 * around Monaco, reporting at the rate the parent sets (reports per second, all captains in turn, so each captain
 * every CAPTAINS / rate seconds), each report sent over UDP to the node that owns the captain (id modulo the number
 * of nodes), batched per 10 ms tick.
 * Args: the nodes' UDP ports (comma-separated), captains, first captain id.
 */
import { createSocket } from 'node:dgram';
import { rng } from './random';
import { REPORT_BYTES, writeReport } from './report-record';

const PER_DATAGRAM = 100;
const [portsText, captainsText, idBaseText] = process.argv.slice(2);
const ports = portsText.split(',').map(Number);
const captains = Number(captainsText);
const idBase = Number(idBaseText);
const udp = createSocket('udp4');

const random = rng(42);
// Longitude and latitude of captain i at 2i and 2i + 1.
const pos = Float64Array.from({ length: captains * 2 }, (_, k) =>
  k % 2 === 0 ? 7.4246 + (random() - 0.5) * 0.08 : 43.7384 + (random() - 0.5) * 0.08,
);
const buffers = ports.map(() => Buffer.alloc(REPORT_BYTES * PER_DATAGRAM));
const filled = ports.map(() => 0);

const flush = (node: number) => {
  if (!filled[node]) return;
  udp.send(buffers[node].subarray(0, filled[node] * REPORT_BYTES), ports[node], '127.0.0.1');
  buffers[node] = Buffer.alloc(REPORT_BYTES * PER_DATAGRAM);
  filled[node] = 0;
};

let rate = 0;
let next = 0;
let sent = 0;
let owed = 0;
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  owed += ((now - last) / 1000) * rate;
  last = now;
  const due = Math.floor(owed);
  owed -= due;
  const at = Date.now();
  for (let i = 0; i < due; i++) {
    const idx = next;
    next = (next + 1) % captains;
    pos[2 * idx] += (random() - 0.5) * 0.0004;
    pos[2 * idx + 1] += (random() - 0.5) * 0.0004;
    const id = idBase + idx + 1;
    const node = id % ports.length;
    writeReport(buffers[node], filled[node] * REPORT_BYTES, {
      id,
      lon: pos[2 * idx],
      lat: pos[2 * idx + 1],
      heading: Math.floor(random() * 360),
      speed: 30,
      at,
    });
    if (++filled[node] === PER_DATAGRAM) flush(node);
  }
  for (let n = 0; n < ports.length; n++) flush(n);
  sent += due;
}, 10);

process.on('message', (m: { type: string; rate?: number }) => {
  if (m.type === 'rate') rate = m.rate ?? 0;
  if (m.type === 'sent') process.send?.({ type: 'sent', sent });
  if (m.type === 'exit') process.exit(0);
});
process.send?.({ type: 'ready' });
