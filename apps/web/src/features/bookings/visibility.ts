import {
  BOOKING_MSG,
  type BookingAction,
  type BookingRuleInput,
  bookingPolicy,
  checkBookingAction,
} from '@taxi/shared';
import type { Allows } from '../auth/allows';
import { BOOKING_ACTION_TABLE } from './actionTable';

/**
 * Timing refusals stay visible (the button explains why it cannot run yet); status refusals hide it.
 * Read at call time: the texts follow the current language, as the rule's message does.
 */
function isTimingRefusal(message: string): boolean {
  return message === BOOKING_MSG.pendingReminderTooEarly || message === BOOKING_MSG.dispatchedReminderTooEarly;
}

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
  return result.ok || isTimingRefusal(result.message);
}
