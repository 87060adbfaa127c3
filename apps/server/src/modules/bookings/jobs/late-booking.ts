import { BOOKING_MSG, EVENTS } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import type { Realtime } from '../../../realtime';
import { LATE_BOOKING_AFTER_MS } from '../model';
import type { BookingDeps } from '../store';

/** A "now" booking still PENDING LATE_BOOKING_AFTER_MS after its time: the consoles are told. */
export function lateBookingJob(deps: BookingDeps, realtime: Pick<Realtime, 'emitToUsers'>) {
  return async ({ booking_id }: { booking_id: number }) => {
    const [b] = await deps.db.select().from(bookings).where(eq(bookings.id, booking_id));
    if (b?.status !== 'PENDING' || !b.now) return;
    if (b.datetime.getTime() + LATE_BOOKING_AFTER_MS > deps.clock.now()) return;
    realtime.emitToUsers(EVENTS.lateBooking, { booking_id, message: BOOKING_MSG.lateBooking(booking_id) });
    await deps.bus.publish([{ name: 'booking.late', payload: { bookingId: booking_id } }]);
  };
}
