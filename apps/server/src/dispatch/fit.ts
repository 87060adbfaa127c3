import { BOOKING_MSG, constraintViolation } from '@taxi/shared';
import { validationError } from '../http/errors';
import type { BookingFacts } from './candidates';
import { serviceMismatch } from './candidates';
import type { LockedCaptain } from './eligibility';

/**
 * The fit half of the candidate rules, for a dispatch a person chose: the captain drives the order's
 * service, their car is a type the service may use with enough seats, and they meet its static
 * constraints. A manual dispatch that breaks one is a 422 on `captain_id` naming it. Dynamic constraints
 * are the operator's to waive: the dispatch goes through and the card strikes the unmet one through.
 */
export function assertCaptainFits(
  booking: Pick<BookingFacts, 'service_id' | 'vehicle_type' | 'vehicle_types' | 'seats' | 'static_constraints'>,
  captain: LockedCaptain['facts'],
): void {
  const mismatch = serviceMismatch(booking, captain);
  if (mismatch === 'service') throw validationError('captain_id', BOOKING_MSG.captainOtherService);
  if (mismatch === 'vehicle_type') throw validationError('captain_id', BOOKING_MSG.captainCarType);
  if (mismatch === 'seats') throw validationError('captain_id', BOOKING_MSG.captainSeats);
  const broken = constraintViolation(booking.static_constraints, {
    captain_id: captain.captain_id,
    vehicle_type: captain.vehicle_type,
    capabilities: captain.capabilities ?? [],
  });
  if (broken) throw validationError('captain_id', BOOKING_MSG.captainConstraint(broken));
}
