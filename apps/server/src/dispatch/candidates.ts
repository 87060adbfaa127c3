import {
  type BookingConstraint,
  captainUnavailability,
  constraintViolation,
  type ExclusionReason,
  type UnavailabilityReason,
} from '@taxi/shared';

/** What the candidate rules need to know about a booking. */
export interface BookingFacts {
  id: number;
  service_id: number;
  /** Required vehicle type, or null for any. */
  vehicle_type: string | null;
  /**
   * The vehicle types (lower case) that may serve the service (/services/{id}/cars); when set, they
   * replace `vehicle_type`. Null or absent: the service has none set.
   */
  vehicle_types?: readonly string[] | null;
  seats: number;
  pickup: [number, number];
  static_constraints: readonly BookingConstraint[];
  dynamic_constraints: readonly BookingConstraint[];
}

/** What the candidate rules need to know about a captain (from the database and the live index). */
export interface CaptainFacts {
  captain_id: number;
  name: string;
  online: boolean;
  active: boolean;
  blocked_until: Date | null;
  /** Services the captain drives; empty means every service. */
  service_ids: readonly number[];
  /** The captain's car, null when none is assigned. */
  car_number: string | null;
  vehicle_type: string | null;
  seats: number | null;
  /** What the captain and their car offer: the catalogue constraints they satisfy. */
  capabilities?: readonly string[];
  /** Has an active ride (another booking in BUSY_BOOKING_STATUSES). */
  on_ride: boolean;
  /** Has a live offer or hold of another PENDING booking. */
  offered: boolean;
}

/** How the AI's explanation counts a captain the shared "one captain, one ride" rule leaves out. */
const EXCLUSION_OF: Record<UnavailabilityReason, ExclusionReason> = {
  inactive: 'inactive',
  blocked: 'blocked',
  on_ride: 'busy',
  offered: 'busy',
  no_car: 'vehicle_type',
};

/**
 * Null when the captain's services and car fit the booking's service, vehicle type and seats — the part
 * of the rules that a service change can make true — else the first rule that fails.
 */
export function serviceMismatch(
  booking: Pick<BookingFacts, 'service_id' | 'vehicle_type' | 'vehicle_types' | 'seats'>,
  captain: Pick<CaptainFacts, 'service_ids' | 'vehicle_type' | 'seats'>,
): 'service' | 'vehicle_type' | 'seats' | null {
  if (captain.service_ids.length > 0 && !captain.service_ids.includes(booking.service_id)) return 'service';
  if (captain.vehicle_type === null) return 'vehicle_type';
  const type = captain.vehicle_type.toLowerCase();
  if (booking.vehicle_types) {
    if (!booking.vehicle_types.includes(type)) return 'vehicle_type';
  } else if (booking.vehicle_type && type !== booking.vehicle_type.toLowerCase()) {
    return 'vehicle_type';
  }
  if ((captain.seats ?? 0) < booking.seats) return 'seats';
  return null;
}

/**
 * Null when the captain may take the booking, else the first rule that leaves them out (in a fixed
 * order, so the explanation is stable): online, then the shared rule the manual dispatch enforces too
 * (active, not blocked, no other ride or offer, a car), then the fit to this booking.
 */
export function exclusionReason(booking: BookingFacts, captain: CaptainFacts, now: Date): ExclusionReason | null {
  if (!captain.online) return 'offline';
  const unavailable = captainUnavailability({ ...captain, has_car: captain.car_number !== null }, now);
  if (unavailable) return EXCLUSION_OF[unavailable];
  const mismatch = serviceMismatch(booking, captain);
  if (mismatch) return mismatch;
  const constraints = [...booking.static_constraints, ...booking.dynamic_constraints];
  const subject = {
    captain_id: captain.captain_id,
    vehicle_type: captain.vehicle_type,
    capabilities: captain.capabilities ?? [],
  };
  if (constraintViolation(constraints, subject)) {
    return 'constraint';
  }
  return null;
}

/** Splits captains into candidates and a count of exclusions by reason. */
export function filterCandidates<C extends CaptainFacts>(
  booking: BookingFacts,
  captains: readonly C[],
  now: Date,
): { candidates: C[]; excluded: Partial<Record<ExclusionReason, number>> } {
  const candidates: C[] = [];
  const excluded: Partial<Record<ExclusionReason, number>> = {};
  for (const c of captains) {
    const reason = exclusionReason(booking, c, now);
    if (reason) excluded[reason] = (excluded[reason] ?? 0) + 1;
    else candidates.push(c);
  }
  return { candidates, excluded };
}
