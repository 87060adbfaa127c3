import { BOOKING_MSG, type BookingDto, eurosToCents, type FareQuoteDto } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bookings, payments } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import { commissionOf } from '../../../contracts/service';
import { recordRidePayment } from '../../../ledger/entries';
import { audit, type BookingDeps, changeBooking, setStatus } from '../../store';
import { ownedBooking } from './owned';

/** DONE → PAID with the fare (and a tip) recorded as DONE payments and as the
 * captain's `ride` (less their level's commission) and the passenger's `payment` account entries; `fare`, the engine's quote of the trip as driven, is kept. */
export async function payBooking(
  deps: BookingDeps,
  captainId: number,
  id: number,
  amount: number,
  tip = 0,
  fare?: FareQuoteDto | null,
): Promise<BookingDto> {
  const booking = await ownedBooking(deps, id, captainId);
  if (booking.status !== 'DONE') throw conflict(BOOKING_MSG.actionNotAllowed('paid', booking.status));
  return changeBooking(deps, id, async (tx, record, now) => {
    await setStatus(tx, record, id, ['DONE'], 'PAID', now);
    const rows = [
      { bookingId: id, rideId: booking.rideId, type: 'booking', amount: amount.toFixed(2), createdAt: now },
    ];
    if (tip > 0)
      rows.push({ bookingId: id, rideId: booking.rideId, type: 'tip', amount: tip.toFixed(2), createdAt: now });
    await tx.insert(payments).values(rows.map((r) => ({ ...r, status: 'DONE' })));
    // The cents of the DONE payments as stored (each row rounded); the captain's level sets the commission.
    await recordRidePayment(tx, {
      bookingId: id,
      captainId,
      passengerId: booking.passengerId,
      fareCents: eurosToCents(Number(rows[0].amount)),
      tipCents: rows[1] ? eurosToCents(Number(rows[1].amount)) : 0,
      commissionPercent: await commissionOf(tx, captainId),
      now,
    });
    if (fare) await tx.update(bookings).set({ fareFinal: fare }).where(eq(bookings.id, id));
    await audit(tx, null, 'paid', id, { status: 'DONE' }, { status: 'PAID', amount, tip });
    record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}
