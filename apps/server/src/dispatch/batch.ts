import { munkres } from 'munkres';

/** A waiting booking and its fresh candidates (captain and score, lower is better: seconds-equivalent). */
export interface BatchBooking {
  booking_id: number;
  /** Seconds the booking has waited since it was due. */
  waiting_s: number;
  candidates: readonly { captain_id: number; total: number; station_queue?: number | null }[];
}

/** The cost of one pair nobody may choose (no candidate): the solver never picks it over leaving a booking out. */
const FORBIDDEN = 1e9;

export const BATCH_WEIGHTS = {
  /**
   * What leaving a booking without an offer this round costs, in seconds: more than any candidate's score
   * within the search radius, so as many bookings as possible get a captain…
   */
  unmatchedS: 4 * 3600,
  /** …and, when captains are scarce, this much more per second it has already waited (the longest-waiting first). */
  perWaitingS: 1,
} as const;

/**
 * A pickup at a taxi rank goes to the head of its queue before any optimising (geo-rules.ts `stationQueueFirst`;
 * TaxiCaller and Autocab do the same): in the order given (the longest-waiting first), each booking with queued
 * candidates takes the first in its queue that no earlier booking took. Returns booking id → captain id.
 */
function stationHeads(waiting: readonly BatchBooking[]): Map<number, number> {
  const out = new Map<number, number>();
  const taken = new Set<number>();
  for (const b of waiting) {
    const head = b.candidates
      .filter((c) => c.station_queue != null && !taken.has(c.captain_id))
      .sort((x, y) => (x.station_queue as number) - (y.station_queue as number))[0];
    if (!head) continue;
    out.set(b.booking_id, head.captain_id);
    taken.add(head.captain_id);
  }
  return out;
}

/**
 * The optimal assignment of waiting bookings to captains (Hungarian algorithm, `munkres`): each booking gets
 * at most one of its candidates and each captain at most one booking, minimising the total score (pickup
 * ETA and its parts) plus, for each booking left out, its cost of waiting longer. Greedy dispatch gives the
 * first booking its best captain even when that captain is the only good one for the next booking; this
 * looks at all of them together. Returns booking id → captain id for the bookings that got one.
 */
export function matchBatch(
  waiting: readonly BatchBooking[],
  weights: { unmatchedS: number; perWaitingS: number } = BATCH_WEIGHTS,
): Map<number, number> {
  // Station queues first; the assignment matches the other bookings among the captains left.
  const out = stationHeads(waiting);
  const taken = new Set(out.values());
  const rows = waiting
    .filter((b) => !out.has(b.booking_id))
    .map((b) => ({ ...b, candidates: b.candidates.filter((c) => !taken.has(c.captain_id)) }))
    .filter((b) => b.candidates.length > 0);
  if (rows.length === 0) return out;
  const captainIds = [...new Set(rows.flatMap((b) => b.candidates.map((c) => c.captain_id)))];
  const column = new Map(captainIds.map((id, i) => [id, i]));
  // Columns: the captains, then one "not this round" column per booking (only its own is allowed).
  const width = captainIds.length + rows.length;
  const costs = rows.map((b, r) => {
    const row = new Array<number>(width).fill(FORBIDDEN);
    for (const c of b.candidates) {
      const col = column.get(c.captain_id) as number;
      row[col] = Math.min(row[col], c.total);
    }
    row[captainIds.length + r] = weights.unmatchedS + weights.perWaitingS * Math.max(0, b.waiting_s);
    return row;
  });
  for (const [r, col] of munkres(costs)) {
    if (col < captainIds.length && costs[r][col] < FORBIDDEN) out.set(rows[r].booking_id, captainIds[col]);
  }
  return out;
}

/**
 * How long a booking the assignment left out sits out of the next sweeps: its ranking is redone on every
 * sweep it joins, and one left out again and again is one captains are scarce for. Doubles from 1 s with each
 * consecutive leave-out, up to 8 s (a few sweeps), so it is still looked at soon after captains free up.
 */
export function leftOutBackoffMs(timesLeftOut: number): number {
  if (timesLeftOut <= 0) return 0;
  return Math.min(8_000, 1_000 * 2 ** (timesLeftOut - 1));
}
