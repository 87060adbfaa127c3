import { EVENTS, EXCEPTION_STARTS } from '@taxi/shared';
import type { Tx } from '../../db/client';
import type { AppBus } from '../../events';
import type { JobQueue } from '../../jobs/worker';
import type { Realtime } from '../../realtime';
import { besoinExpireJob } from './jobs/besoin-expire';
import { lateBookingJob } from './jobs/late-booking';
import { lateCaptainJob } from './jobs/late-captain';
import { JOB_KINDS } from './model';
import type { BookingDeps } from './store';

/**
 * The bookings domain's reactions: durable timers scheduled inside the command's transaction (they
 * commit with it), realtime emits after commit, and the timers' own handlers.
 */
export function registerBookingHandlers(
  bus: AppBus,
  deps: BookingDeps & { realtime: Pick<Realtime, 'emit'>; jobs: JobQueue },
): void {
  const { realtime, jobs } = deps;

  const lateBookingAt = async (datetime: Date, tx: Tx) =>
    new Date(EXCEPTION_STARTS.lateBooking(datetime.getTime(), await deps.config.current(tx)));
  bus.within('booking.created', async ({ bookingId, now, datetime }, tx) => {
    if (!now) return;
    const at = await lateBookingAt(datetime, tx);
    await jobs.schedule(JOB_KINDS.lateBooking, { booking_id: bookingId }, at, tx);
  });
  bus.within('booking.timeChanged', async ({ bookingId, datetime, lateTimer }, tx) => {
    if (!lateTimer) return;
    const at = await lateBookingAt(datetime, tx);
    await jobs.schedule(JOB_KINDS.lateBooking, { booking_id: bookingId }, at, tx);
  });
  bus.within('booking.dispatched', async ({ bookingId, rideId, datetime }, tx) => {
    // The ride is written with the dispatch's time (the clock's now).
    const config = await deps.config.current(tx);
    const lateAt = EXCEPTION_STARTS.lateCaptain(datetime.getTime(), deps.clock.now(), config);
    await jobs.schedule(JOB_KINDS.lateCaptain, { booking_id: bookingId, ride_id: rideId }, new Date(lateAt), tx);
  });
  // The driver search's end: each start and renewal schedules one (a job that finds it renewed since does nothing).
  const scheduleBesoinEnd = async ({ bookingId, besoinDate }: { bookingId: number; besoinDate: Date }, tx: Tx) => {
    await jobs.schedule(JOB_KINDS.besoinExpire, { booking_id: bookingId }, besoinDate, tx);
  };
  bus.within('booking.besoinStarted', scheduleBesoinEnd);
  bus.within('booking.besoinRenewed', scheduleBesoinEnd);

  bus.after('booking.created', async ({ bookingId }, ctx) => {
    realtime.emit(EVENTS.newBooking, await ctx.booking(bookingId, true));
  });
  bus.after('booking.updated', async ({ bookingId, brief }, ctx) => {
    realtime.emit(EVENTS.updateBooking, await ctx.booking(bookingId, !brief));
  });
  bus.after('booking.statusChanged', async ({ bookingId }, ctx) => {
    realtime.emit(EVENTS.bookingStatusUpdate, await ctx.booking(bookingId, true));
  });
  bus.after('booking.besoinRenewed', ({ bookingId, besoinDate }) => {
    realtime.emit(EVENTS.renewBesoin, { booking_id: bookingId, besoin_date: besoinDate.toISOString() });
  });
  bus.after('booking.besoinExpired', ({ bookingId }) => {
    realtime.emit(EVENTS.expiredBesoin, { booking_id: bookingId });
  });

  jobs.register(JOB_KINDS.lateBooking, lateBookingJob(deps, realtime, jobs));
  jobs.register(JOB_KINDS.lateCaptain, lateCaptainJob(deps, realtime, jobs));
  jobs.register(JOB_KINDS.besoinExpire, besoinExpireJob(deps));
}
