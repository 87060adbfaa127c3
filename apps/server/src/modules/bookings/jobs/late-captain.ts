import { BOOKING_MSG, EVENTS } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bookings, captains, rides } from '../../../db/schema';
import type { Realtime } from '../../../realtime';
import { LATE_CAPTAIN_AFTER_MS } from '../model';
import type { BookingDeps } from '../store';

/** The ride's captain has not picked up LATE_CAPTAIN_AFTER_MS after the booking's time: the consoles are told. */
export function lateCaptainJob(deps: BookingDeps, realtime: Pick<Realtime, 'emitToUsers'>) {
  return async ({ booking_id, ride_id }: { booking_id: number; ride_id: number }) => {
    const [row] = await deps.db
      .select({ b: bookings, first: captains.firstName, last: captains.lastName })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .innerJoin(captains, eq(captains.id, rides.captainId))
      .where(eq(bookings.id, booking_id));
    if (!row || row.b.rideId !== ride_id || !['APPROVED', 'ACCEPTED', 'STARTED'].includes(row.b.status)) return;
    if (row.b.datetime.getTime() + LATE_CAPTAIN_AFTER_MS > deps.clock.now()) return;
    const captainName = `${row.first} ${row.last}`.trim();
    realtime.emitToUsers(EVENTS.lateCaptain, {
      booking_id,
      captain_name: captainName,
      message: BOOKING_MSG.lateCaptain(booking_id, captainName),
    });
    await deps.bus.publish([{ name: 'booking.lateCaptain', payload: { bookingId: booking_id, captainName } }]);
  };
}
