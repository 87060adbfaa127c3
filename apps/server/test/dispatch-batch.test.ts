import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_WEIGHTS, type BatchBooking, leftOutBackoffMs, matchBatch } from '../src/dispatch/batch';

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

  it('gives a pickup at a station to the head of its queue first, then matches the others among the rest', () => {
    // Booking 1 is at a station whose queue is captains 8 (head) then 9; captain 5 is nearer but not queued.
    // Booking 2 is at the same station and gets the next in the queue; booking 3 gets what is left.
    const queued = (captain_id: number, total: number, station_queue: number) => ({ captain_id, total, station_queue });
    const waiting: BatchBooking[] = [
      { booking_id: 1, waiting_s: 0, candidates: [{ captain_id: 5, total: 40 }, queued(8, 300, 1), queued(9, 320, 2)] },
      { booking_id: 2, waiting_s: 0, candidates: [{ captain_id: 5, total: 45 }, queued(8, 300, 1), queued(9, 320, 2)] },
      booking(3, [
        [5, 90],
        [8, 20],
      ]),
    ];
    expect(matchBatch(waiting)).toEqual(
      new Map([
        [1, 8],
        [2, 9],
        [3, 5],
      ]),
    );
    // Without the queue the nearest would have won: the assignment alone gives booking 1 captain 5 or 8 by cost.
    const plain = waiting.map((b) => ({
      ...b,
      candidates: b.candidates.map(({ captain_id, total }) => ({ captain_id, total })),
    }));
    expect(matchBatch(plain).get(1)).not.toBe(8);
  });

  it('backs a left-out booking off for 1, 2, 4, then at most 8 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 30].map(leftOutBackoffMs)).toEqual([0, 1000, 2000, 4000, 8000, 8000, 8000]);
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
