import { type BookingStatus, nextStatuses, TERMINAL_STATUSES } from '@taxi/shared';
import { asc, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSuggestions, bookingStatuses, bookings, geofenceLogs, payments } from '../src/db/schema';
import { ManualClock, Simulator, seededRandom } from '../src/simulator';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('world simulator', () => {
  it('runs an accelerated hour: every booking ends legally with a consistent history', async () => {
    const start = Date.now();
    const clock = new ManualClock(start);
    t.app.bookings.clock = () => clock.now();
    t.app.ai.clock = () => clock.now();
    const sim = new Simulator(t.app, {
      captains: 12,
      bookingsPerHour: 60,
      clock,
      random: seededRandom(42),
      driveAi: true,
      reportEverySeconds: 10,
    });
    const line = await sim.init();
    expect(line).toMatch(/12 captains/);
    const before = new Date(start - 1);

    const began = performance.now();
    for (let s = 0; s < 3600; s += 10) {
      clock.advance(10_000);
      await sim.step();
    }
    const wallMs = performance.now() - began;

    const made = await t.db.select().from(bookings).where(gte(bookings.createdAt, before));
    expect(made.length).toBe(sim.counters.bookings);
    expect(made.length).toBeGreaterThan(25);
    expect(sim.counters.reports).toBeGreaterThan(500);
    expect(sim.online).toBeGreaterThan(0);
    const ids = made.map((b) => b.id);
    const history = await t.db
      .select()
      .from(bookingStatuses)
      .where(inArray(bookingStatuses.bookingId, ids))
      .orderBy(asc(bookingStatuses.createdAt), asc(bookingStatuses.id));
    const byBooking = new Map<number, BookingStatus[]>();
    for (const h of history)
      byBooking.set(h.bookingId, [...(byBooking.get(h.bookingId) ?? []), h.status as BookingStatus]);
    for (const b of made) {
      const seq = byBooking.get(b.id) ?? [];
      expect(seq[0], `booking ${b.id}`).toBe('PENDING');
      for (let i = 1; i < seq.length; i++) {
        expect(TERMINAL_STATUSES.includes(seq[i - 1]), `booking ${b.id}: ${seq.join(' → ')}`).toBe(false);
        expect(nextStatuses(seq[i - 1]), `booking ${b.id}: ${seq.join(' → ')}`).toContain(seq[i]);
      }
      expect(seq[seq.length - 1], `booking ${b.id}`).toBe(b.status);
    }
    const paid = made.filter((b) => b.status === 'PAID');
    expect(paid.length).toBeGreaterThan(5);
    // Seeded rides already under way may be finished by the fleet too.
    expect(paid.length).toBeLessThanOrEqual(sim.counters.paid);
    const pays = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          paid.map((b) => b.id),
        ),
      );
    for (const b of paid) {
      const mine = pays.filter((p) => p.bookingId === b.id && p.type === 'booking');
      expect(mine, `payment of ${b.id}`).toHaveLength(1);
      expect(Number(mine[0].amount)).toBeGreaterThan(3);
    }
    // Geofence: every paid ride entered the pickup radius and left it.
    const fences = await t.db
      .select()
      .from(geofenceLogs)
      .where(
        inArray(
          geofenceLogs.bookingId,
          paid.map((b) => b.id),
        ),
      );
    for (const b of paid) {
      const f = fences.filter((g) => g.bookingId === b.id);
      expect(
        f.some((g) => g.enterTime && g.leaveTime),
        `geofence of ${b.id}`,
      ).toBe(true);
    }
    // The AI handled the dispatches.
    const dispatched = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.status, 'DISPATCHED'));
    expect(dispatched.length).toBeGreaterThan(5);
    expect(sim.counters.errors).toBe(0);
    console.log(
      `simulated hour in ${Math.round(wallMs)} ms: ${made.length} bookings, ${paid.length} paid, ` +
        `${sim.counters.paxCancels} passenger and ${sim.counters.captainCancels} captain cancellations, ` +
        `${sim.counters.signups} sign-ups, ${sim.counters.reports} position reports; ms by phase ${JSON.stringify(sim.phaseMs, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
    );
  }, 240_000);
});
