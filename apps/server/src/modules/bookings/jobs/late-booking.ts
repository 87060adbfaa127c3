import { BOOKING_MSG, EVENTS, EXCEPTION_STARTS } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import type { JobQueue } from '../../../jobs/worker';
import type { Realtime } from '../../../realtime';
import { JOB_KINDS } from '../model';
import type { BookingDeps } from '../store';

/**
 * A "now" booking still PENDING the late-booking threshold (a dispatching setting) after its time: the
 * consoles are told. When the threshold grew since the timer was set, the timer is set again for the new time.
 */
export function lateBookingJob(deps: BookingDeps, realtime: Pick<Realtime, 'emit'>, jobs?: Pick<JobQueue, 'schedule'>) {
  return async ({ booking_id }: { booking_id: number }) => {
    const [b] = await deps.db.select().from(bookings).where(eq(bookings.id, booking_id));
    if (b?.status !== 'PENDING' || !b.now) return;
    const lateAt = EXCEPTION_STARTS.lateBooking(b.datetime.getTime(), await deps.config.current());
    if (lateAt > deps.clock.now()) {
      await jobs?.schedule(JOB_KINDS.lateBooking, { booking_id }, new Date(lateAt));
      return;
    }
    realtime.emit(EVENTS.lateBooking, { booking_id, message: BOOKING_MSG.lateBooking(booking_id) });
    await deps.bus.publish([{ name: 'booking.late', payload: { bookingId: booking_id } }]);
  };
}
