/**
 * npm run backup -- <file>   writes the embedded database (PGlite, DATA_DIR/db) to <file>
 * npm run restore -- <file>  replaces it with <file> (the old one is kept as DATA_DIR/db.before-restore-*)
 * Both need the server stopped (they take the DATA_DIR lock) and refuse a PostgreSQL configuration.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DatabaseLockedError } from '../db/client';
import { assertEmbedded, BackupError, backupDataDir, restoreDataDir } from './backup';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run backup -- <file> | npm run restore -- <file>');
    process.exit(2);
  }
  // npm runs scripts from the root: a relative file is the operator's, from where they typed it.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const config = loadConfig(process.env);
  assertEmbedded(config.databaseUrl);
  if (command === 'backup') {
    const { bytes } = await backupDataDir(config.dataDir, target);
    console.log(`Backed up ${path.join(config.dataDir, 'db')} to ${target} (${bytes} bytes).`);
  } else {
    const { previous } = await restoreDataDir(target, config.dataDir);
    console.log(`Restored ${target} into ${path.join(config.dataDir, 'db')}.`);
    if (previous) console.log(`The database it replaced is kept in ${previous}.`);
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof DatabaseLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
