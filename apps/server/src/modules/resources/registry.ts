import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceDef } from '@taxi/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import type { ResourceBinding, ServerHooks } from './service';

const RESOURCE_SUFFIX = '.resource.ts';
const SERVER_SUFFIX = '.server.ts';

/** packages/shared/src/resources/catalogues: one `<name>.resource.ts` per catalogue. */
const declarationsDir = join(
  dirname(createRequire(import.meta.url).resolve('@taxi/shared')),
  'resources',
  'catalogues',
);
/** This module's catalogues/: the optional `<name>.server.ts` hooks of a declaration. */
const hooksDir = fileURLToPath(new URL('./catalogues/', import.meta.url));

async function filesEndingWith(dir: string, suffix: string): Promise<Map<string, string>> {
  const names = (await readdir(dir)).filter((f) => f.endsWith(suffix)).sort();
  return new Map(names.map((f) => [f.slice(0, -suffix.length), join(dir, f)]));
}

const load = async <T>(file: string): Promise<T> =>
  ((await import(pathToFileURL(file).href)) as { default: T }).default;

/** Every catalogue declaration, by file name (`car-brands`), in name order. */
export async function loadDeclarations(): Promise<Map<string, ResourceDef>> {
  const out = new Map<string, ResourceDef>();
  for (const [name, file] of await filesEndingWith(declarationsDir, RESOURCE_SUFFIX)) {
    const def = await load<ResourceDef | undefined>(file);
    if (!def?.key) throw new Error(`${file}: the default export must be a defineResource(...) declaration`);
    out.set(name, def);
  }
  return out;
}

const tables = schema as unknown as Record<string, PgTable | undefined>;

/**
 * The declarations that name a table, each bound to it with the hooks of its `<name>.server.ts`.
 * A declaration without a table is served by its own module (payments); hooks without a declaration
 * or an unknown table stop the start-up.
 */
export async function loadBindings(): Promise<ResourceBinding[]> {
  const declarations = await loadDeclarations();
  const hookFiles = await filesEndingWith(hooksDir, SERVER_SUFFIX);
  for (const [name, file] of hookFiles) {
    if (!declarations.get(name)?.table) throw new Error(`${file}: no ${name}${RESOURCE_SUFFIX} with a table`);
  }
  const bindings: ResourceBinding[] = [];
  for (const [name, declaration] of declarations) {
    if (!declaration.table) continue;
    const table = tables[declaration.table];
    if (!table) throw new Error(`${name}${RESOURCE_SUFFIX}: the db schema exports no table ${declaration.table}`);
    const file = hookFiles.get(name);
    const hooks = file ? await load<ServerHooks>(file) : {};
    bindings.push({ ...hooks, declaration, table });
  }
  return bindings;
}
