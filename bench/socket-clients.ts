import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the operator sockets' process (dispatch-clients.ts) reports of the position batches it received. */
export interface ClientReport {
  deliveries: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  /** The sockets' process's CPU time since the last reset. */
  cpu_ms: number;
  /** The sockets' process's event-loop delay since the last reset (p99 and longest, ms). */
  loop_p99_ms: number;
  loop_max_ms: number;
  /** Bytes on the wire per captain update in the position batches. */
  bytes_per_update: number | null;
  /** The same updates as one JSON object each (the batches' shape before the columns). */
  object_bytes_per_update: number | null;
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

/** `count` operator sockets spread over the servers' URLs, in their own process. */
export const startClients = (urls: string[], token: string, count: number) =>
  forkReady('dispatch-clients.ts', [urls.join(','), token, String(count)]);

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

/** The latency histogram since the last reset. */
export const askClients = (child: ChildProcess) => askChild<ClientReport>(child, { type: 'report' }, 'report');
