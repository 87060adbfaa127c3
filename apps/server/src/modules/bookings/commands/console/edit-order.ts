import { BOOKING_MSG, type BookingCreate, type BookingDto, MSG } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookingStops, bookings } from '../../../../db/schema';
import { conflict, validationError } from '../../../../http/errors';
import { dateOf } from '../../../../lib/clock';
import { swapVoucherUse } from '../../../vouchers/rules';
import { type Actor, orderSnapshot } from '../../model';
import { authorize, authorizeRole } from '../../rules';
import { audit, type BookingDeps, changeBooking, findBooking } from '../../store';
import { estimateOrder, resolveOrder, writeStopsAndNote } from './order';

/** Order editing from the phone-booking form (edit=1): an order not yet on its way changes as a whole. */
export async function editOrder(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  input: BookingCreate,
): Promise<BookingDto> {
  authorizeRole(actor, 'changeTime');
  if (!input.passenger_id) throw validationError('passenger_id', MSG.required);
  const { columns, datetime, voucher } = await resolveOrder(deps, input, dateOf(deps.clock));
  const fareEstimate = await estimateOrder(deps, input, datetime, voucher);
  return changeBooking(deps, id, async (tx, record, now) => {
    const before = await findBooking(tx, id);
    authorize(actor, 'changeTime', before, now.getTime());
    const [after] = await tx
      .update(bookings)
      .set({ ...columns, fareEstimate, passengerId: input.passenger_id ?? before.passengerId, updatedAt: now })
      // compare-and-set: a dispatch that lands meanwhile wins, and this edit is refused
      .where(and(eq(bookings.id, id), eq(bookings.status, before.status)))
      .returning();
    if (!after) throw conflict(BOOKING_MSG.actionNotAllowed('edited', before.status));
    if (before.voucherId !== after.voucherId) await swapVoucherUse(tx, after, now);
    await tx.delete(bookingStops).where(eq(bookingStops.bookingId, id));
    await writeStopsAndNote(tx, id, input, actor.id, now);
    await audit(tx, actor.id, 'edit order', id, orderSnapshot(before), orderSnapshot(after));
    record('booking.updated', { bookingId: id });
  });
}
