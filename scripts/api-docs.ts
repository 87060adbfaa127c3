/**
 * Writes docs/api from the server's OpenAPI document (GET /api/docs/json): `npm run docs:api`.
 * The app is built on a throw-away in-memory database; nothing listens.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { type OpenApiDocument, renderApiDocs } from '../apps/server/src/http/openapi-markdown';

export const API_DOCS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'api');

/** The hand-written prefaces: docs/api/notes/<tag>.md. */
export function readNotes(dir = API_DOCS_DIR): Record<string, string> {
  const notesDir = path.join(dir, 'notes');
  const notes: Record<string, string> = {};
  for (const name of readdirSync(notesDir).filter((n) => n.endsWith('.md'))) {
    notes[name.replace(/\.md$/, '')] = readFileSync(path.join(notesDir, name), 'utf8');
  }
  return notes;
}

/** The generated files now in docs/api (name → content). */
export function readApiDocs(dir = API_DOCS_DIR): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
    files[name] = readFileSync(path.join(dir, name), 'utf8');
  }
  return files;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-api-docs-'));
  const database = await openDatabase();
  await database.migrate();
  const config = loadConfig({ APP_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, logger: false });
  try {
    await app.ready();
    const files = renderApiDocs(app.swagger() as unknown as OpenApiDocument, readNotes());
    for (const name of Object.keys(readApiDocs())) if (!(name in files)) unlinkSync(path.join(API_DOCS_DIR, name));
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(API_DOCS_DIR, name), content);
    console.log(`docs/api: ${Object.keys(files).length} files`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
