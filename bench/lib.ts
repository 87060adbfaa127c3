import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/client';
import { type CapturedQuery, StatementRecorder } from '../apps/server/test/statement-counter';

export type { CapturedQuery };

export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results');

export interface Stats {
  runs: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  mean_ms: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    runs: sorted.length,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    p99_ms: round(at(0.99)),
    mean_ms: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

/** Times `fn` `runs` times after `warmup` untimed runs. */
export async function measure(fn: () => Promise<unknown>, runs = 60, warmup = 5): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

export function writeResult(name: string, result: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/**
 * Records the SQL a call sends to the database (PGlite or pg), so the benchmark can replay exactly the
 * same statements directly and report the API's overhead as a ratio.
 */
export class QueryRecorder extends StatementRecorder {
  constructor(private readonly database: Database) {
    super(database.db);
  }

  /** Runs the captured statements directly, in order. */
  async replay(queries: CapturedQuery[]): Promise<void> {
    const raw = this.database.raw;
    for (const q of queries) {
      if (raw.kind === 'pglite') await raw.client.query(q.text, q.params as never[]);
      else await raw.client.query(q.text, q.params);
    }
  }
}

export async function loginToken(app: FastifyInstance, email = 'admin@example.com'): Promise<string> {
  const body = { username: email, password: 'Demo#2026', provider: 'users', remember_me: false };
  await app.inject({ method: 'POST', url: '/api/admin_send_code', payload: body });
  const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const code = (outbox.json().data as { to: string; code: string }[]).find((m) => m.to === email)?.code;
  const res = await app.inject({ method: 'POST', url: '/api/admin_login', payload: { ...body, code } });
  return res.json().data.accessToken as string;
}
