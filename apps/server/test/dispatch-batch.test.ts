import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_WEIGHTS, type BatchBooking, matchBatch } from '../src/dispatch/batch';

const booking = (id: number, candidates: [number, number][], waiting_s = 0): BatchBooking => ({
  booking_id: id,
  waiting_s,
  candidates: candidates.map(([captain_id, total]) => ({ captain_id, total })),
});

/** The cost the assignment minimises: the chosen pairs' scores plus each left-out booking's cost of waiting. */
function costOf(waiting: readonly BatchBooking[], pairs: Map<number, number>): number {
  let sum = 0;
  for (const b of waiting) {
    const captain = pairs.get(b.booking_id);
    if (captain === undefined) {
      if (b.candidates.length > 0) sum += BATCH_WEIGHTS.unmatchedS + BATCH_WEIGHTS.perWaitingS * b.waiting_s;
    } else sum += b.candidates.find((c) => c.captain_id === captain)?.total ?? Number.NaN;
  }
  return sum;
}

/** Every way of giving each booking one of its candidates or none, no captain twice: the true optimum. */
function bruteForce(waiting: readonly BatchBooking[]): number {
  let best = Number.POSITIVE_INFINITY;
  const walk = (i: number, used: Set<number>, pairs: Map<number, number>) => {
    if (i === waiting.length) {
      best = Math.min(best, costOf(waiting, pairs));
      return;
    }
    walk(i + 1, used, pairs);
    for (const c of waiting[i].candidates) {
      if (used.has(c.captain_id)) continue;
      used.add(c.captain_id);
      pairs.set(waiting[i].booking_id, c.captain_id);
      walk(i + 1, used, pairs);
      pairs.delete(waiting[i].booking_id);
      used.delete(c.captain_id);
    }
  };
  walk(0, new Set(), new Map());
  return best;
}

describe('batch matching', () => {
  it('gives the contested captain to the booking that has no other good one (greedy would not)', () => {
    // Captain 1 is best for both; booking 10 has a near second choice, booking 11 only a far one.
    const waiting = [
      booking(10, [
        [1, 100],
        [2, 130],
      ]),
      booking(11, [
        [1, 120],
        [3, 900],
      ]),
    ];
    expect([...matchBatch(waiting)]).toEqual([
      [10, 2],
      [11, 1],
    ]);
    // Greedy (10 first, its best): 100 + 900 = 1000; the assignment: 130 + 120 = 250.
    expect(costOf(waiting, matchBatch(waiting))).toBe(250);
  });

  it('leaves out the booking that waited least when there are more bookings than captains', () => {
    const waiting = [booking(1, [[7, 200]], 30), booking(2, [[7, 260]], 400), booking(3, [[7, 100]], 0)];
    expect([...matchBatch(waiting)]).toEqual([[2, 7]]);
  });

  it('matches as many bookings as it can, then the lowest total', () => {
    const waiting = [
      booking(1, [
        [5, 60],
        [6, 70],
      ]),
      booking(2, [[5, 1500]]),
    ];
    expect(matchBatch(waiting)).toEqual(
      new Map([
        [1, 6],
        [2, 5],
      ]),
    );
  });

  it('handles no bookings, bookings without candidates, and negative scores (idle bonus)', () => {
    expect(matchBatch([]).size).toBe(0);
    expect(matchBatch([booking(1, [])]).size).toBe(0);
    expect([
      ...matchBatch([
        booking(1, [
          [3, -40],
          [4, 10],
        ]),
      ]),
    ]).toEqual([[1, 3]]);
  });

  it('finds the optimum of every small case (against trying every assignment)', () => {
    const instance = fc
      .array(
        fc.record({
          candidates: fc.uniqueArray(
            fc.record({ captain_id: fc.integer({ min: 1, max: 5 }), total: fc.integer({ min: -60, max: 2000 }) }),
            {
              selector: (c) => c.captain_id,
              maxLength: 4,
            },
          ),
          waiting_s: fc.integer({ min: 0, max: 900 }),
        }),
        { maxLength: 5 },
      )
      .map((rows) => rows.map((r, i): BatchBooking => ({ booking_id: i + 1, ...r })));
    fc.assert(
      fc.property(instance, (waiting) => {
        const pairs = matchBatch(waiting);
        const captains = [...pairs.values()];
        expect(new Set(captains).size).toBe(captains.length);
        for (const [bookingId, captainId] of pairs) {
          const b = waiting.find((w) => w.booking_id === bookingId);
          expect(b?.candidates.some((c) => c.captain_id === captainId)).toBe(true);
        }
        expect(costOf(waiting, pairs)).toBe(bruteForce(waiting));
      }),
      { numRuns: 300 },
    );
  });
});
