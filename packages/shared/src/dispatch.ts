// Dispatch and live captain tracking: states, realtime payloads, the booking constraint language and the
// explainable score of a candidate. Server (to enforce and compute) and web (to show) import it.
import type { z } from 'zod';
import { BOOKING_MSG } from './booking-messages';
import { APPEARANCE_CONSTRAINTS, type BookingConstraint, type BookingStatus } from './bookings';
import type {
  candidateRankingSchema,
  candidateScoreSchema,
  captainLocationSchema,
  rideRouteSchema,
  scorePartsSchema,
  trackedCaptainSchema,
} from './contract/tracking';
import { texts } from './i18n';

/** A captain's live state on the tracking map. */
export const CAPTAIN_LIVE_STATES = ['OFFLINE', 'FREE', 'OFFERED', 'TO_PICKUP', 'AT_PICKUP', 'ON_TRIP'] as const;
export type CaptainLiveState = (typeof CAPTAIN_LIVE_STATES)[number];

/** Marker colours of the live states (tracking map, legends). */
export const CAPTAIN_STATE_COLORS: Record<CaptainLiveState, string> = {
  OFFLINE: '#9e9e9e',
  FREE: '#2e7d32',
  OFFERED: '#f9a825',
  TO_PICKUP: '#1565c0',
  AT_PICKUP: '#6a1b9a',
  ON_TRIP: '#c62828',
};

/** The live state a captain's current booking gives (a captain without one is FREE when online). */
export const STATE_OF_BOOKING_STATUS: Partial<Record<BookingStatus, CaptainLiveState>> = {
  APPROVED: 'TO_PICKUP',
  ACCEPTED: 'TO_PICKUP',
  STARTED: 'TO_PICKUP',
  ARRIVED: 'AT_PICKUP',
  PICKED_UP: 'ON_TRIP',
};
/** Booking statuses that keep a captain busy (not a candidate for another booking). */
export const BUSY_BOOKING_STATUSES = Object.keys(STATE_OF_BOOKING_STATUS) as BookingStatus[];

/*
 * One captain, one ride: the rule of "may this captain take a booking now?", whoever dispatches — the
 * operator's manual dispatch (which enforces it under a lock on the captain's row) and the AI's candidate
 * search (which adds its own filters on top: online, service and car fit, the booking's constraints).
 */

/** What the rule needs to know about a captain, the booking being dispatched left out. */
export interface CaptainAvailabilityFacts {
  active: boolean;
  blocked_until: Date | null;
  has_car: boolean;
  /** Another booking of theirs is in one of BUSY_BOOKING_STATUSES (an active ride). */
  on_ride: boolean;
  /** Another PENDING booking is offered to them (or held for them after they accepted) until a later time. */
  offered: boolean;
}

/** Why a captain may not take a booking now (in the order the rule checks them). */
export const UNAVAILABILITY_REASONS = ['inactive', 'blocked', 'on_ride', 'offered', 'no_car'] as const;
export type UnavailabilityReason = (typeof UNAVAILABILITY_REASONS)[number];

/** Null when the captain may take a booking now, else the first reason they may not. */
export function captainUnavailability(captain: CaptainAvailabilityFacts, now: Date): UnavailabilityReason | null {
  if (!captain.active) return 'inactive';
  if (captain.blocked_until && captain.blocked_until.getTime() > now.getTime()) return 'blocked';
  if (captain.on_ride) return 'on_ride';
  if (captain.offered) return 'offered';
  if (!captain.has_car) return 'no_car';
  return null;
}

/**
 * The answer to a refused dispatch: the captain's state (inactive, blocked, no car) is a 422; a captain
 * taken by another booking is a 409 conflict, like a booking dispatched by someone else.
 */
export const UNAVAILABILITY_ANSWER: Record<UnavailabilityReason, { status: 409 | 422; message: string }> = texts({
  inactive: { status: 422, message: BOOKING_MSG.captainUnavailable },
  blocked: { status: 422, message: BOOKING_MSG.captainUnavailable },
  no_car: { status: 422, message: BOOKING_MSG.captainUnavailable },
  on_ride: { status: 409, message: BOOKING_MSG.captainBusy },
  offered: { status: 409, message: BOOKING_MSG.captainOffered },
});

/** One position report as the console receives it (`captain_location_updated`). */
export type CaptainLocationPayload = z.infer<typeof captainLocationSchema>;
/** Positions are sent batched (merged by captain, newest wins) a few times per second. */
export interface CaptainLocationBatch {
  updates: CaptainLocationPayload[];
}
/**
 * How often the server flushes the batch to the `users` room (one encoding per batch, whatever the number of
 * consoles). The wait in the batch is most of the delivery time (measured at 150 ms: p50 86 ms, p99 169 ms
 * for 5,000 captains to 100 consoles), so a 50 ms tick keeps p99 under 100 ms; the batches are a third the size.
 */
export const LOCATION_FANOUT_MS = 50;

/** Validation messages of a position report. */
export const POSITION_MSG = texts({
  captainId: 'The captain id must be a positive integer.',
  lon: 'The longitude must be between -180 and 180.',
  lat: 'The latitude must be between -90 and 90.',
} as const);

/** A captain on the tracking map's first paint (GET tracking/captains). */
export type TrackedCaptainDto = z.infer<typeof trackedCaptainSchema>;

/** GET ride/{rideId}/route: `data.route` lists the points from pickup to dropoff. */
export type RideRouteDto = z.infer<typeof rideRouteSchema>;

/*
 * Booking constraint language (static_constraints and dynamic_constraints of a booking).
 *
 *   constraint_name := <subject> ":" <value> [ ":" <MODE> ]
 *   subject         := "captain" (value: a captain id) | "vehicle" (value: a vehicle type, e.g. van)
 *   MODE            := BLACKLIST | WHITELIST   (or given in `Abbreviation`; default WHITELIST)
 *
 * A BLACKLIST entry excludes what it names. WHITELIST entries of one subject form an allow-list: when a
 * booking has any, a captain must match one of them. `strike_through: true` means the constraint was
 * lifted and is ignored. Names that do not parse are ignored (and reported by parseConstraint as null).
 * A constraint of the /constraints catalogue carries its `capability` instead: the captain must offer it.
 */
export const CONSTRAINT_SUBJECTS = ['captain', 'vehicle'] as const;
export type ConstraintSubject = (typeof CONSTRAINT_SUBJECTS)[number];
export type ConstraintMode = (typeof APPEARANCE_CONSTRAINTS)[number];

export interface ParsedConstraint {
  subject: ConstraintSubject;
  value: string;
  mode: ConstraintMode;
}

const isMode = (s: string | undefined): s is ConstraintMode =>
  s !== undefined && (APPEARANCE_CONSTRAINTS as readonly string[]).includes(s.toUpperCase());

export function parseConstraint(c: BookingConstraint): ParsedConstraint | null {
  if (c.strike_through) return null;
  const [subject, value, modePart, ...rest] = c.constraint_name.trim().split(':');
  if (rest.length > 0 || !value || !(CONSTRAINT_SUBJECTS as readonly string[]).includes(subject)) return null;
  if (modePart !== undefined && !isMode(modePart)) return null;
  const mode = isMode(modePart) ? modePart : isMode(c.Abbreviation) ? c.Abbreviation : 'WHITELIST';
  return {
    subject: subject as ConstraintSubject,
    value: value.trim().toLowerCase(),
    mode: mode.toUpperCase() as ConstraintMode,
  };
}

/** The facts of a captain the constraints look at. */
export interface ConstraintSubjectFacts {
  captain_id: number;
  vehicle_type: string | null;
  /** What the captain and their car offer (CAPTAIN_CAPABILITIES). */
  capabilities?: readonly string[];
}

/** Null when the captain is allowed, else the constraint name that excludes them. */
export function constraintViolation(
  constraints: readonly BookingConstraint[],
  captain: ConstraintSubjectFacts,
): string | null {
  const allow = new Map<ConstraintSubject, { names: string[]; matched: boolean }>();
  for (const c of constraints) {
    // A catalogue constraint (/constraints): the captain must offer its capability, unless it was lifted.
    if (c.capability !== undefined) {
      if (!c.strike_through && !(captain.capabilities ?? []).includes(c.capability)) return c.constraint_name;
      continue;
    }
    const p = parseConstraint(c);
    if (!p) continue;
    const actual = p.subject === 'captain' ? String(captain.captain_id) : (captain.vehicle_type ?? '').toLowerCase();
    const matches = actual === p.value;
    if (p.mode === 'BLACKLIST') {
      if (matches) return c.constraint_name;
      continue;
    }
    const entry = allow.get(p.subject) ?? { names: [], matched: false };
    entry.names.push(c.constraint_name);
    entry.matched ||= matches;
    allow.set(p.subject, entry);
  }
  for (const entry of allow.values()) if (!entry.matched) return entry.names.join(', ');
  return null;
}

/** Why a captain was left out of the candidates. */
export const EXCLUSION_REASONS = [
  'offline',
  'inactive',
  'blocked',
  'busy',
  'service',
  'vehicle_type',
  'seats',
  'constraint',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** The explainable score of a candidate: lower total is better (seconds-equivalent). */
export type ScoreParts = z.infer<typeof scorePartsSchema>;
export type CandidateScore = z.infer<typeof candidateScoreSchema>;
export type CandidateRankingDto = z.infer<typeof candidateRankingSchema>;
