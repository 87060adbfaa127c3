import { BOOKING_MSG, type BookingDto, type BookingStatus, CAPTAIN_CANCELLABLE } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { captainCancellationReasons } from '../../../../db/schema';
import { conflict, validationError } from '../../../../http/errors';
import { audit, type BookingDeps, changeBooking, setStatus } from '../../store';
import { ownedBooking } from './owned';

/** The captain gives up the booking with a reason (CAPTAIN_CANCELLED). */
export async function captainCancel(
  deps: BookingDeps,
  captainId: number,
  id: number,
  reasonId: number,
): Promise<BookingDto> {
  const booking = await ownedBooking(deps, id, captainId);
  if (!CAPTAIN_CANCELLABLE.includes(booking.status as BookingStatus))
    throw conflict(BOOKING_MSG.actionNotAllowed('cancelled', booking.status));
  const [reason] = await deps.db
    .select()
    .from(captainCancellationReasons)
    .where(eq(captainCancellationReasons.id, reasonId));
  if (!reason) throw validationError('captain_cancellation_reason_id', BOOKING_MSG.unknownReason);
  return changeBooking(deps, id, async (tx, record, now) => {
    await setStatus(tx, record, id, [booking.status], 'CAPTAIN_CANCELLED', now, {
      captainCancellationReasonId: reasonId,
      captainCancellations: booking.captainCancellations + 1,
    });
    await audit(tx, null, 'captain_cancel', id, { status: booking.status }, { reason: reason.text });
    record('booking.cancelled', { bookingId: id, to: 'CAPTAIN_CANCELLED' });
    record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}
