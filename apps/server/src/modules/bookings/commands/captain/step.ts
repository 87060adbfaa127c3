import {
  BOOKING_MSG,
  type BookingDto,
  type BookingStatus,
  CAPTAIN_TRANSITIONS,
  STATE_OF_BOOKING_STATUS,
} from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { and, eq } from 'drizzle-orm';
import { bookingStatuses } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import { audit, type BookingDeps, changeBooking, setStatus } from '../../store';
import { ownedBooking } from './owned';

/**
 * The captain app moves its booking one step (APPROVED → ACCEPTED → STARTED → ARRIVED → PICKED_UP →
 * DONE); compare-and-set on the status, 409 when it moved meanwhile. `at` is where the captain is.
 */
export async function captainStep(deps: BookingDeps, captainId: number, id: number, at?: LonLat): Promise<BookingDto> {
  const booking = await ownedBooking(deps, id, captainId);
  const to = CAPTAIN_TRANSITIONS[booking.status as BookingStatus];
  if (!to || to === 'PAID') throw conflict(BOOKING_MSG.actionNotAllowed('moved on', booking.status));
  return changeBooking(deps, id, async (tx, record, now) => {
    await setStatus(tx, record, id, [booking.status], to, now);
    if (at) {
      await tx
        .update(bookingStatuses)
        .set({ lon: at[0], lat: at[1] })
        .where(and(eq(bookingStatuses.bookingId, id), eq(bookingStatuses.status, to)));
    }
    await audit(tx, null, `captain_${to.toLowerCase()}`, id, { status: booking.status }, { status: to });
    record('captain.stateChanged', { captainId, state: STATE_OF_BOOKING_STATUS[to] ?? 'FREE' });
  });
}
