import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../src/db/client';
import { assertEmbedded, BackupError, backupDataDir, restoreDataDir } from '../src/ops/backup';

const root = mkdtempSync(path.join(tmpdir(), 'taxi-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const names = async (dataDir: string) => {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute(sql`select name from ops_backup_probe order by name`);
    return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  } finally {
    await database.close();
  }
};

describe('backup and restore of the embedded database', () => {
  it('restores a backup into a new data dir, where the data is found', { timeout: 120_000 }, async () => {
    const source = path.join(root, 'source');
    const database = await openDatabase({ dataDir: source });
    await database.migrate();
    await database.db.execute(sql`create table ops_backup_probe (name text)`);
    await database.db.execute(sql`insert into ops_backup_probe values ('Ahmed'), ('Zeynep')`);
    await database.close();
    // While another live process holds the database (a running server: its pid in the lock file), both refuse.
    const file = path.join(root, 'backups', 'taxi.tar.gz');
    const lock = path.join(source, 'pglite.lock');
    writeFileSync(lock, String(process.ppid));
    await expect(backupDataDir(source, file)).rejects.toBeInstanceOf(DatabaseLockedError);
    mkdirSync(path.dirname(file), { recursive: true });
    const other = path.join(root, 'backups', 'other.tar.gz');
    writeFileSync(other, 'not read');
    await expect(restoreDataDir(other, source)).rejects.toBeInstanceOf(DatabaseLockedError);
    rmSync(lock);

    const { bytes } = await backupDataDir(source, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = path.join(root, 'target');
    expect(await restoreDataDir(file, target)).toEqual({ previous: undefined });
    expect(await names(target)).toEqual(['Ahmed', 'Zeynep']);
    // The app's own tables came along (migrations already applied).
    const restored = await openDatabase({ dataDir: target });
    const users = await restored.db.execute(sql`select count(*)::int as n from users`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    await restored.close();

    // Restoring over an existing database keeps the old one beside.
    const again = await restoreDataDir(file, target);
    expect(again.previous).toMatch(/db\.before-restore-/);
    expect(readdirSync(target).some((f) => f.startsWith('db.before-restore-'))).toBe(true);
    expect(await names(target)).toEqual(['Ahmed', 'Zeynep']);
  });

  it('refuses a PostgreSQL configuration, a missing database and a missing file', async () => {
    expect(() => assertEmbedded('postgres://u@h/db')).toThrow(/pg_dump/);
    expect(() => assertEmbedded(undefined)).not.toThrow();
    await expect(backupDataDir(path.join(root, 'empty'), path.join(root, 'x.tar.gz'))).rejects.toBeInstanceOf(
      BackupError,
    );
    await expect(restoreDataDir(path.join(root, 'none.tar.gz'), path.join(root, 'other'))).rejects.toBeInstanceOf(
      BackupError,
    );
  });
});
