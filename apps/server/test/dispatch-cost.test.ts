import { beforeAll, describe, expect, it } from 'vitest';
import { makeBooking, makeCaptain } from './factories';
import { bearer, login, testAppForFile } from './helpers';
import { StatementCounter } from './statement-counter';

/**
 * What one manual dispatch costs the database, counted by the StatementCounter (every statement
 * the ORM sends, in or out of a transaction; BEGIN/COMMIT are not counted). A bound on the number of
 * statements, not on time: it does not depend on the machine. Counted with warm caches (settings, fleet).
 * 20 for the dispatch itself, and 5 that keep the report aggregates in the same transaction
 * (modules/reports/maintain.ts: the booking's new and stored facts, the hour and day increments, the fact), and 1
 * that ends the booking's open AI suggestions, so every console's popup for it goes at once (ai/handlers.ts).
 */
const MAX_STATEMENTS_PER_DISPATCH = 26;

const t = testAppForFile();
let disp: string;
beforeAll(async () => {
  disp = await login(t.app, 'dispatcher@example.com');
});

describe('cost of a manual dispatch', () => {
  it(`PUT dispatch/{booking}/{captain} runs at most ${MAX_STATEMENTS_PER_DISPATCH} SQL statements`, async () => {
    // Steady state: a first dispatch fills the settings and fleet caches, the second one is counted.
    const warm = await makeBooking(t.db);
    const { captain: first } = await makeCaptain(t.db);
    const dispatch = (bookingId: number, captainId: number) =>
      t.app.inject({ method: 'PUT', url: `/api/dispatch/${bookingId}/${captainId}`, headers: bearer(disp) });
    expect((await dispatch(warm.id, first.id)).statusCode).toBe(200);
    const booking = await makeBooking(t.db);
    const { captain } = await makeCaptain(t.db);
    let status = 0;
    const statements = await new StatementCounter(t.db).statements(async () => {
      status = (await dispatch(booking.id, captain.id)).statusCode;
    });
    expect(status).toBe(200);
    console.log(`one dispatch: ${statements.length} SQL statements`);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_DISPATCH);
  });
});
