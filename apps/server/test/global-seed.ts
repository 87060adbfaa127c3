/**
 * Vitest global setup of the server projects: migrates and seeds one database for the whole run, so that each
 * test file starts from a copy of it instead of migrating and seeding its own (the largest share of a file's
 * time). PGlite: a dump of the seeded data directory, loaded by each file. PostgreSQL: a template database,
 * copied by `CREATE DATABASE … TEMPLATE`.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../src/db/client';
import { seedBase, seedDemo } from '../src/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of the seeded PGlite data directory. */
    seededPgliteDump: string;
    /** The name of the seeded PostgreSQL template database. */
    seededPgTemplate: string;
  }
}

async function seed(database: Database): Promise<void> {
  await database.migrate();
  await seedBase(database.db);
  // Scale 0: staff, city and catalogues, but none of the generated volume (tests make their own rows).
  await seedDemo(database.db, { log: () => {}, scale: 0 });
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'server-pg') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('server-pg: TEST_DATABASE_URL is not set');
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await seed(database);
    // A template is copied only while nobody is connected to it.
    await database.close();
    project.provide('seededPgTemplate', name);
    return () => admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  }
  const database = await openDatabase();
  await seed(database);
  const client = database.raw.client as PGlite;
  const dump = await client.dumpDataDir('none');
  const file = path.join(tmpdir(), `taxi-test-seed-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('seededPgliteDump', file);
  return async () => rmSync(file, { force: true });
}
