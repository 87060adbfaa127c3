import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { statementsTakeTurns } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type for both drivers (pg-core dialect). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for bulk loads and benchmarks that must bypass the ORM. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool };
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory (tests). */
  dataDir?: string;
  /** An in-memory PGlite started from this dump (`dumpDataDir`) instead of empty: the tests' seeded start. */
  loadDataDir?: Blob;
}

export class DatabaseLockedError extends Error {}

/** A lock file beside the PGlite data directory: a second process must not open (and corrupt) it. */
export function takeLock(dir: string): () => void {
  const lockPath = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The database in ${dir} is already open in another process (pid ${pid}). Stop that process first, or set DATABASE_URL to use PostgreSQL for several processes.`,
        );
      }
      rmSync(lockPath, { force: true }); // stale lock of a dead process
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    // Idle connections are kept 5 minutes (pg's default: 10 s): a new connection plans its first statements
    // slowly (catalog caches to fill: 5-10 ms on the board's text search), which a quiet minute would repeat.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, idleTimeoutMillis: 300_000 });
    // An idle client dropped by the server (restart, failover, a dropped test database) must not crash
    // the process: pg re-opens connections on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL idle client error: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      raw: { kind: 'postgres', client: pool },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
    release = takeLock(options.dataDir);
  }
  try {
    // PGlite is one connection: it runs one query at a time and holds a mutex for the whole of a
    // transaction, so every caller is serialised through it.
    // pg_trgm: substring search indexes (migration 0007).
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    statementsTakeTurns(client);
    const pgliteDb = drizzlePglite(client, { schema });
    let closed = false;
    return {
      db: pgliteDb as unknown as Db,
      kind: 'pglite',
      raw: { kind: 'pglite', client },
      migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Independent queries, side by side on the pool (each on a connection of its own) and one after the other in a
 * transaction: a transaction is one connection, where a query sent before the last one answered is deprecated
 * in pg (an error from pg 9).
 */
export async function independentQueries<T extends readonly unknown[]>(
  db: DbOrTx,
  queries: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((q) => q()))) as unknown as T;
  const out: unknown[] = [];
  for (const q of queries) out.push(await q());
  return out as unknown as T;
}

/** The rows of a raw `db.execute(sql…)` (both drivers answer `{ rows }`; the generic Db types it unknown). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
