import type { CandidateScore, ScoreParts } from '@taxi/shared';
import type { BookingFacts, CaptainFacts } from './candidates';

/** Weights of the score, in seconds-equivalent (lower total is better). */
export const SCORE_WEIGHTS = {
  /** Bonus for idle time, up to this many seconds… */
  maxIdleBonusS: 60,
  /** …reached after this long without a ride. */
  idleForFullBonusS: 30 * 60,
  /** Penalty per seat the car has beyond what the booking needs plus 3 (keep big cars for groups). */
  perSpareSeatS: 15,
  /** Positions older than this start to cost… */
  staleAfterS: 60,
  /** …this much per second of age, up to maxStalePenaltyS. */
  stalePerS: 0.5,
  maxStalePenaltyS: 150,
} as const;

/** A candidate with its position facts, ready to score. */
export interface PositionedCaptain extends CaptainFacts {
  lon: number;
  lat: number;
  distance_m: number;
  /** Seconds since the captain became free (0 when unknown). */
  idle_s: number;
  /** Seconds since the last position report. */
  position_age_s: number;
  /**
   * A captain still on a trip that ends in this many seconds: `lon`/`lat` (and `distance_m`) are that
   * trip's dropoff, from where the ETA is counted.
   */
  clears_in_s?: number;
}

export function scoreParts(booking: Pick<BookingFacts, 'seats'>, c: PositionedCaptain, etaS: number): ScoreParts {
  const w = SCORE_WEIGHTS;
  const idle = Math.min(Math.max(0, c.idle_s), w.idleForFullBonusS) / w.idleForFullBonusS;
  const spare = Math.max(0, (c.seats ?? 0) - booking.seats - 3);
  const stale = Math.min(w.maxStalePenaltyS, Math.max(0, c.position_age_s - w.staleAfterS) * w.stalePerS);
  return {
    eta: Math.round(etaS),
    // `0 - x`, not `-x`: no bonus is 0, not -0 (which JSON and the consoles' signed numbers would show apart).
    idle_bonus: 0 - Math.round(idle * w.maxIdleBonusS),
    constraint_penalty: spare * w.perSpareSeatS,
    stale_penalty: Math.round(stale),
  };
}

export const totalOf = (p: ScoreParts) => p.eta + p.idle_bonus + p.constraint_penalty + p.stale_penalty;

/**
 * Ranks eligible captains: the `k` nearest by straight line get a street-graph ETA (the expensive part),
 * then they are ordered by total score (ties: nearer first). `eta(from, to)` gives seconds.
 */
export function rankCandidates(
  booking: Pick<BookingFacts, 'seats' | 'pickup'>,
  eligible: readonly PositionedCaptain[],
  eta: (from: [number, number], to: [number, number]) => number,
  k = 10,
): CandidateScore[] {
  const nearest = [...eligible].sort((a, b) => a.distance_m - b.distance_m).slice(0, k);
  const scored = nearest.map((c): CandidateScore => {
    const etaS = (c.clears_in_s ?? 0) + eta([c.lon, c.lat], booking.pickup);
    const parts = scoreParts(booking, c, etaS);
    return {
      captain_id: c.captain_id,
      name: c.name,
      car_number: c.car_number,
      vehicle_type: c.vehicle_type,
      lon: c.lon,
      lat: c.lat,
      eta_s: Math.round(etaS),
      distance_m: Math.round(c.distance_m),
      parts,
      total: totalOf(parts),
      station_queue: null,
      clears_in_s: c.clears_in_s === undefined ? null : Math.round(c.clears_in_s),
    };
  });
  return scored.sort((a, b) => a.total - b.total || a.distance_m - b.distance_m);
}
