import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, takeLock } from '../db/client';

export class BackupError extends Error {}

const isGzip = (bytes: Buffer) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Refuses a PostgreSQL configuration: its backups are pg_dump's job. */
export function assertEmbedded(databaseUrl: string | undefined): void {
  if (databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the database is PostgreSQL, not the embedded one. Back it up with pg_dump (pg_dump -Fc "$DATABASE_URL" > file) and restore with pg_restore.',
    );
  }
}

/**
 * Writes the embedded database of `dataDir` (DATA_DIR/db) to `file` as a gzipped tarball (PGlite's
 * dumpDataDir). Opening the database takes its lock: a running server on the same DATA_DIR makes
 * this refuse (DatabaseLockedError) rather than copy files being written.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${path.join(dataDir, 'db')}: nothing to back up.`);
  }
  const database = await openDatabase({ dataDir });
  try {
    if (database.raw.kind !== 'pglite') throw new BackupError('not an embedded database');
    const dump = await database.raw.client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside, then renamed: a failed backup never leaves half a file under the name.
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return { bytes: bytes.length };
  } finally {
    await database.close();
  }
}

/**
 * Replaces the embedded database of `dataDir` with the backup in `file`. Holds the DATA_DIR lock
 * throughout (refuses while a server has it open). The database it replaces is kept beside, as
 * DATA_DIR/db.before-restore-<time>, and put back if the restore fails.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<{ previous?: string }> {
  if (!existsSync(file)) throw new BackupError(`No backup file ${file}.`);
  const tarball = readFileSync(file);
  mkdirSync(dataDir, { recursive: true });
  const release = takeLock(dataDir);
  const target = path.join(dataDir, 'db');
  let previous: string | undefined;
  try {
    if (existsSync(target) && readdirSync(target).length > 0) {
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
    }
    mkdirSync(target, { recursive: true });
    try {
      const client = await PGlite.create({
        dataDir: target,
        // Our backups are gzipped; a plain tarball (dumpDataDir('none')) is read as it is.
        loadDataDir: new Blob([tarball], { type: isGzip(tarball) ? 'application/x-gzip' : 'application/x-tar' }),
        extensions: { pg_trgm },
      });
      await client.query('select 1');
      await client.close();
    } catch (error) {
      if (previous) {
        renameSync(target, `${target}.failed-restore-${Date.now()}`);
        renameSync(previous, target);
        previous = undefined;
      }
      throw error;
    }
    return { previous };
  } finally {
    release();
  }
}
