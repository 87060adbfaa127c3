import { BOOKING_MSG, type BookingDto, type BookingStatus, PAX_CANCELLABLE, SETTING_MSG } from '@taxi/shared';
import { conflict } from '../../../../http/errors';
import { appendEntries } from '../../../ledger/entries';
import { audit, type BookingDeps, captainOf, changeBooking, findBooking, setStatus } from '../../store';

/**
 * The passenger app cancels (PAX_CANCELLED): the ride's captain, or the offered one, is free again. Once
 * the captain has arrived, the passenger is charged the late-cancellation fee of the settings (if any).
 */
export async function passengerCancel(deps: BookingDeps, id: number): Promise<BookingDto> {
  const booking = await findBooking(deps.db, id);
  if (!PAX_CANCELLABLE.includes(booking.status as BookingStatus))
    throw conflict(BOOKING_MSG.actionNotAllowed('cancelled', booking.status));
  const captainId = (await captainOf(deps.db, id)) ?? booking.suggestionCaptainId;
  const { lateCancelFeeCents: fee } = await deps.config.current();
  return changeBooking(deps, id, async (tx, record, now) => {
    if (booking.status === 'ARRIVED' && fee > 0 && booking.passengerId !== null) {
      await appendEntries(tx, [
        {
          ownerKind: 'passenger',
          ownerId: booking.passengerId,
          type: 'passenger_penalty',
          cents: fee,
          bookingId: id,
          reference: `late_cancel:${id}`,
          note: SETTING_MSG.lateCancelNote,
          createdAt: now,
        },
      ]);
    }
    await setStatus(tx, record, id, [booking.status], 'PAX_CANCELLED', now, {
      besoin: false,
      suggestionCaptainId: null,
      suggestionUntil: null,
    });
    await audit(tx, null, 'passenger_cancel', id, { status: booking.status }, { status: 'PAX_CANCELLED' });
    record('booking.cancelled', { bookingId: id, to: 'PAX_CANCELLED' });
    if (captainId) record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}
