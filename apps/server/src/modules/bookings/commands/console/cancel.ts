import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { userCancellationReasons } from '../../../../db/schema';
import { validationError } from '../../../../http/errors';
import type { Actor } from '../../model';
import { authorizedBooking } from '../../rules';
import { audit, type BookingDeps, captainOf, changeBooking, setStatus } from '../../store';

/** The console cancels a booking with a reason (SYSTEM_CANCELLED); its captain (or offered one) is free. */
export async function cancelBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  reasonId: number,
): Promise<BookingDto> {
  const booking = await authorizedBooking(deps, actor, id, 'cancel');
  const [reason] = await deps.db.select().from(userCancellationReasons).where(eq(userCancellationReasons.id, reasonId));
  if (!reason) throw validationError('user_cancellation_reason_id', BOOKING_MSG.chooseReason);
  const captainId = (await captainOf(deps.db, id)) ?? booking.suggestionCaptainId;
  return changeBooking(deps, id, async (tx, record, now) => {
    const row = await setStatus(tx, record, id, [booking.status], 'SYSTEM_CANCELLED', now, {
      userCancellationReasonId: reasonId,
      besoin: false,
      suggestionCaptainId: null,
      suggestionUntil: null,
    });
    await audit(tx, actor.id, 'cancel', id, { status: booking.status }, { status: row.status, reason: reason.text });
    record('booking.cancelled', { bookingId: id, to: 'SYSTEM_CANCELLED' });
    if (captainId) record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}
