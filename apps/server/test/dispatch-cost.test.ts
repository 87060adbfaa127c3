import { beforeAll, describe, expect, it } from 'vitest';
import { makeBooking, makeCaptain } from './factories';
import { bearer, login, testAppForFile } from './helpers';
import { StatementCounter } from './statement-counter';

/**
 * What one manual dispatch costs the database, counted by the StatementCounter (every statement
 * the ORM sends, in or out of a transaction; BEGIN/COMMIT are not counted). A bound on the number of
 * statements, not on time: it does not depend on the machine.
 */
const MAX_STATEMENTS_PER_DISPATCH = 20;

const t = testAppForFile();
let disp: string;
beforeAll(async () => {
  disp = await login(t.app, 'dispatcher@example.com');
});

describe('cost of a manual dispatch', () => {
  it(`PUT dispatch/{booking}/{captain} runs at most ${MAX_STATEMENTS_PER_DISPATCH} SQL statements`, async () => {
    const booking = await makeBooking(t.db);
    const { captain } = await makeCaptain(t.db);
    let status = 0;
    const statements = await new StatementCounter(t.db).statements(async () => {
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
