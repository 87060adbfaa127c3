import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedBase, seedDemo } from '../apps/server/src/db/seed';

export type Engine = 'postgres' | 'pglite';

export interface BenchApp {
  engine: Engine;
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL: the throw-away database's URL (other processes of the benchmark connect to it). */
  url?: string;
  sql(text: string): Promise<void>;
  close(): Promise<void>;
}

/** The PostgreSQL server benchmarks create their throw-away databases on. */
export const BENCH_PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL when reachable (BENCH_POSTGRES=0 skips it), then PGlite (BENCH_PGLITE=0 skips it; for the
 * volumes only PostgreSQL is meant for, `pgliteByDefault: false` runs it only with BENCH_PGLITE=1).
 */
export async function enginesToRun({ pgliteByDefault = true } = {}): Promise<Engine[]> {
  const engines: Engine[] = [];
  if (process.env.BENCH_POSTGRES === '0') console.log('BENCH_POSTGRES=0: skipping the PostgreSQL run');
  else if (await postgresReachable()) engines.push('postgres');
  else console.log('PostgreSQL not reachable: skipping the PostgreSQL run');
  const pglite = process.env.BENCH_PGLITE;
  if (pgliteByDefault ? pglite !== '0' : pglite === '1') engines.push('pglite');
  return engines;
}

/** A fresh, migrated, seeded (scale 0) database on the engine, with the app built on it. */
export async function openBenchApp(
  engine: Engine,
  load: (sql: BenchApp['sql'], database: Database) => Promise<void>,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-bench-'));
  let database: Database;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: BENCH_PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(BENCH_PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    drop = async () => {
      // BENCH_KEEP_DB=1 keeps the database to look at its plans afterwards (psql … -d bench_…)
      if (process.env.BENCH_KEEP_DB === '1') return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: BENCH_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase();
  }
  const sql = async (text: string) => {
    if (database.raw.kind === 'pglite') await database.raw.client.exec(text);
    else await database.raw.client.query(text);
  };
  await database.migrate();
  await seedBase(database.db);
  await seedDemo(database.db, { log: () => {}, scale: 0 });
  await load(sql, database);
  await sql('ANALYZE');
  const config = loadConfig({ APP_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    engine,
    app,
    database,
    url: databaseUrl,
    sql,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
