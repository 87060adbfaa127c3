import { BOOKING_MSG, EVENTS } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bookings, captains, rides } from '../../../db/schema';
import type { JobQueue } from '../../../jobs/worker';
import type { Realtime } from '../../../realtime';
import { JOB_KINDS } from '../model';
import type { BookingDeps } from '../store';

/**
 * The ride's captain has not picked up the late-captain threshold (a dispatching setting) after the
 * booking's time: the consoles are told. A timer that fires early (the threshold grew) is set again.
 */
export function lateCaptainJob(deps: BookingDeps, realtime: Pick<Realtime, 'emit'>, jobs?: Pick<JobQueue, 'schedule'>) {
  return async ({ booking_id, ride_id }: { booking_id: number; ride_id: number }) => {
    const [row] = await deps.db
      .select({ b: bookings, first: captains.firstName, last: captains.lastName })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .innerJoin(captains, eq(captains.id, rides.captainId))
      .where(eq(bookings.id, booking_id));
    if (!row || row.b.rideId !== ride_id || !['APPROVED', 'ACCEPTED', 'STARTED'].includes(row.b.status)) return;
    const lateAt = row.b.datetime.getTime() + (await deps.config.current()).lateCaptainMs;
    if (lateAt > deps.clock.now()) {
      await jobs?.schedule(JOB_KINDS.lateCaptain, { booking_id, ride_id }, new Date(lateAt));
      return;
    }
    const captainName = `${row.first} ${row.last}`.trim();
    realtime.emit(EVENTS.lateCaptain, {
      booking_id,
      captain_name: captainName,
      message: BOOKING_MSG.lateCaptain(booking_id, captainName),
    });
    await deps.bus.publish([{ name: 'booking.lateCaptain', payload: { bookingId: booking_id, captainName } }]);
  };
}
