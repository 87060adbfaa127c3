import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the operator sockets' processes (dispatch-clients.ts) report of the position batches they received. */
export interface ClientReport {
  deliveries: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  /** The sockets' processes' CPU time since the last reset, summed. */
  cpu_ms: number;
  /** The sockets' processes' event-loop delay since the last reset (p99 and longest, ms; the worst process's). */
  loop_p99_ms: number;
  loop_max_ms: number;
  /** Bytes on the wire per captain update in the position batches. */
  bytes_per_update: number | null;
  /** The same updates as one JSON object each (the batches' shape before the columns). */
  object_bytes_per_update: number | null;
}

/** One sockets' process's answer: its latency histogram as [ms, count] pairs, and its own figures. */
interface ProcessReport
  extends Pick<
    ClientReport,
    'cpu_ms' | 'loop_p99_ms' | 'loop_max_ms' | 'bytes_per_update' | 'object_bytes_per_update'
  > {
  histogram: [number, number][];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * A child process of its own (tsx) for a benchmark's part, resolved once it says it is ready. `nodeFlags`: the
 * child's own Node flags (a server node gets those `npm start` gives the server, `serverNodeFlags`).
 */
export function forkReady(script: string, args: string[], nodeFlags: readonly string[] = []): Promise<ChildProcess> {
  // BENCH_CHILD_NODE_FLAGS: V8 flags for every child (e.g. --trace-gc, which NODE_OPTIONS refuses).
  const flags = words(process.env.BENCH_CHILD_NODE_FLAGS ?? '');
  const child = fork(path.join(here, script), args, { execArgv: [...nodeFlags, '--import', 'tsx', ...flags] });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'ready') resolve(child);
      if (m.type === 'error') reject(new Error(m.message));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/** The Node flags the server's start script runs it with (apps/server/package.json, config.node_flags). */
export const serverNodeFlags = (): string[] => {
  const pkg = JSON.parse(readFileSync(path.join(here, '../apps/server/package.json'), 'utf8'));
  return words(String(pkg.config?.node_flags ?? ''));
};

/**
 * The measuring side's own V8 flags: a young generation large enough that the batches it decodes die young (a
 * full collection of a measuring process stalls every receipt it times, and a stall there read as a node's).
 */
const MEASURING_NODE_FLAGS = ['--max-semi-space-size=32', '--no-memory-reducer'];

/** The operator sockets, in one or more processes of their own, asked and reset together. */
export interface SocketClients {
  readonly processes: ChildProcess[];
  reset(): void;
  report(): Promise<ClientReport>;
  exit(): void;
}

/**
 * `count` operator sockets spread over the servers' URLs, in `processes` processes of their own: on a busy
 * benchmark one process decoding every socket's batches becomes what saturates (two thirds of a core at 80,000
 * reports/s), and its stalls would delay every receipt it times.
 */
export async function startClients(
  urls: string[],
  token: string,
  count: number,
  processes = 1,
): Promise<SocketClients> {
  // Process i holds the sockets from first(i) up to first(i + 1).
  const first = (i: number) => Math.floor((count * i) / processes);
  const children = await Promise.all(
    Array.from({ length: processes }, (_, i) =>
      forkReady(
        'dispatch-clients.ts',
        [urls.join(','), token, String(first(i + 1) - first(i)), String(first(i))],
        MEASURING_NODE_FLAGS,
      ),
    ),
  );
  return {
    processes: children,
    reset: () => {
      for (const child of children) child.send({ type: 'reset' });
    },
    report: async () =>
      mergeReports(await Promise.all(children.map((c) => askChild<ProcessReport>(c, { type: 'report' }, 'report')))),
    exit: () => {
      for (const child of children) child.send({ type: 'exit' });
    },
  };
}

/** The processes' histograms merged, and their percentiles read off the whole. */
export function mergeReports(reports: ProcessReport[]): ClientReport {
  const counts = new Map<number, number>();
  for (const r of reports) for (const [ms, n] of r.histogram) counts.set(ms, (counts.get(ms) ?? 0) + n);
  const histogram = [...counts].sort((a, b) => a[0] - b[0]);
  const deliveries = histogram.reduce((n, [, c]) => n + c, 0);
  const percentile = (q: number) => {
    const target = Math.ceil(q * deliveries);
    let seen = 0;
    for (const [ms, n] of histogram) {
      seen += n;
      if (seen >= target) return ms;
    }
    return 0;
  };
  return {
    deliveries,
    p50_ms: percentile(0.5),
    p95_ms: percentile(0.95),
    p99_ms: percentile(0.99),
    max_ms: histogram.at(-1)?.[0] ?? 0,
    cpu_ms: reports.reduce((n, r) => n + r.cpu_ms, 0),
    loop_p99_ms: Math.max(...reports.map((r) => r.loop_p99_ms)),
    loop_max_ms: Math.max(...reports.map((r) => r.loop_max_ms)),
    bytes_per_update: reports[0].bytes_per_update,
    object_bytes_per_update: reports[0].object_bytes_per_update,
  };
}

/** Sends `message` to a child and waits for its answer of type `type`. */
export function askChild<T>(child: ChildProcess, message: { type: string }, type: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const on = (m: { type: string } & T) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send(message);
  });
}
