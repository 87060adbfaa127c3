import {
  BOOKING_MSG,
  type BookingAction,
  type BookingRuleInput,
  bookingPolicy,
  checkBookingAction,
} from '@taxi/shared';
import type { Allows } from '../auth/allows';
import { BOOKING_ACTION_TABLE } from './actionTable';

/** Timing refusals stay visible (the button explains why it cannot run yet); status refusals hide it. */
const TIMING_REFUSALS: readonly string[] = [
  BOOKING_MSG.pendingReminderTooEarly,
  BOOKING_MSG.dispatchedReminderTooEarly,
];

/**
 * Is this booking action shown on a card or the ride page? The user's rules (bookingPolicy.act, the one
 * the server checks, and the rule of the action's call or page in the action table) and the booking's
 * status rule (checkBookingAction) must all allow it.
 */
export function isActionVisible(
  action: BookingAction,
  booking: BookingRuleInput,
  allows: Allows,
  nowMs = Date.now(),
): boolean {
  if (!allows(bookingPolicy.act, action) || !allows(BOOKING_ACTION_TABLE[action].rule)) return false;
  const result = checkBookingAction(action, booking, nowMs);
  return result.ok || TIMING_REFUSALS.includes(result.message);
}
