import { BOOKING_MSG, type BookingAction, bookingPolicy, checkBookingAction, MSG } from '@taxi/shared';
import { HttpError } from '../../http/errors';
import { type Actor, ruleInput } from './model';
import type { BookingRow } from './presenter';
import { type BookingDeps, findBooking } from './store';

const REFUSED_AS_INPUT: readonly string[] = [
  BOOKING_MSG.pendingReminderTooEarly,
  BOOKING_MSG.dispatchedReminderTooEarly,
];

/** 403 unless the bookings policy lets this user take this action (never the Goverment role). */
export function authorizeRole(actor: Actor, action: BookingAction): void {
  if (!bookingPolicy.act.allows(actor, action)) {
    throw new HttpError(403, bookingPolicy.act.refusal?.(actor) ?? MSG.forbidden);
  }
}

/** Role, then the shared status rule: 409 when the status does not allow it, 422 for timing. */
export function authorize(actor: Actor, action: BookingAction, booking: BookingRow, now: number): void {
  authorizeRole(actor, action);
  const result = checkBookingAction(action, ruleInput(booking), now);
  if (!result.ok) throw new HttpError(REFUSED_AS_INPUT.includes(result.message) ? 422 : 409, result.message);
}

/** The booking, once `authorize` lets this user take `action` on it now. */
export async function authorizedBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  action: BookingAction,
): Promise<BookingRow> {
  const booking = await findBooking(deps.db, id);
  authorize(actor, action, booking, deps.clock.now());
  return booking;
}
