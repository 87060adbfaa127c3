import { BOOKING_MSG, type BookingDto, cityLocalToDate, dateToCityLocal, isWithinChangeWindow } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../../db/schema';
import { conflict, validationError } from '../../../../http/errors';
import { releaseVoucherUse, voucherStillValid, withoutVoucher } from '../../../vouchers/rules';
import type { Actor } from '../../model';
import { authorizedBooking } from '../../rules';
import { audit, type BookingDeps, changeBooking } from '../../store';

/** A new pickup time (city-local) within the change window; optionally without its voucher. */
export async function changeTime(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  local: string,
  detachVoucher: boolean,
): Promise<{ datetime: string; booking: BookingDto }> {
  const booking = await authorizedBooking(deps, actor, id, 'changeTime');
  const next = cityLocalToDate(local);
  if (!next || !isWithinChangeWindow(booking.datetime.toISOString(), next.toISOString())) {
    throw validationError('datetime', BOOKING_MSG.maxTwoHours);
  }
  // The voucher stays only if it is valid at the new time (else 422: detach it, detach_voucher=1).
  if (booking.voucherId !== null && !detachVoucher)
    await voucherStillValid(deps.db, booking.voucherId, booking.serviceId, next);
  const detach = detachVoucher && booking.voucherId !== null;
  const dto = await changeBooking(deps, id, async (tx, record, now) => {
    if (detach) await releaseVoucherUse(tx, id);
    const [row] = await tx
      .update(bookings)
      .set({
        datetime: next,
        updatedAt: now,
        ...(detach ? { voucherId: null, fareEstimate: withoutVoucher(booking.fareEstimate) } : {}),
      })
      .where(and(eq(bookings.id, id), eq(bookings.status, booking.status)))
      .returning({ id: bookings.id });
    if (!row) throw conflict(BOOKING_MSG.actionNotAllowed('edited', booking.status));
    await audit(
      tx,
      actor.id,
      'change_time',
      id,
      { datetime: booking.datetime, voucher_id: booking.voucherId },
      { datetime: next, voucher_id: detachVoucher ? null : booking.voucherId },
    );
    record('booking.updated', { bookingId: id });
    record('booking.timeChanged', {
      bookingId: id,
      datetime: next,
      lateTimer: booking.now && booking.status === 'PENDING',
    });
  });
  return { datetime: dateToCityLocal(next), booking: dto };
}
