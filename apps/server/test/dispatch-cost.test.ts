import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { makeBooking, makeCaptain } from './factories';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

/**
 * What one manual dispatch costs the database, counted through Drizzle's query logger (every statement
 * the ORM sends, in or out of a transaction; BEGIN/COMMIT are not counted). A bound on the number of
 * statements, not on time: it does not depend on the machine.
 */
const MAX_STATEMENTS_PER_DISPATCH = 20;

interface Session {
  logger: { logQuery(query: string, params: unknown[]): void };
  options: { logger?: Session['logger'] };
}

/** Counts the statements `work` sends through `db`. */
async function countStatements(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const session = (db as unknown as { _: { session: Session } })._.session;
  const seen: string[] = [];
  const logger = { logQuery: (query: string) => void seen.push(query) };
  const before = { logger: session.logger, options: session.options.logger };
  session.logger = logger;
  session.options.logger = logger; // transactions open sessions with the same options
  try {
    await work();
  } finally {
    session.logger = before.logger;
    session.options.logger = before.options;
  }
  return seen;
}

let t: TestApp;
let disp: string;
beforeAll(async () => {
  t = await buildTestApp();
  disp = await login(t.app, 'dispatcher@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('cost of a manual dispatch', () => {
  it(`PUT dispatch/{booking}/{captain} runs at most ${MAX_STATEMENTS_PER_DISPATCH} SQL statements`, async () => {
    const booking = await makeBooking(t.db);
    const { captain } = await makeCaptain(t.db);
    let status = 0;
    const statements = await countStatements(t.db, async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/dispatch/${booking.id}/${captain.id}`,
        headers: bearer(disp),
      });
      status = res.statusCode;
    });
    expect(status).toBe(200);
    console.log(`one dispatch: ${statements.length} SQL statements`);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_DISPATCH);
  });
});
