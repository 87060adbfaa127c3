import type { BookingDto } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { airportDetails, bookings } from '../../../../db/schema';
import type { Actor } from '../../model';
import { audit, type BookingDeps, changeBooking, findBooking } from '../../store';

/** Airport staff acknowledge a booking ("ok, we received it"). */
export async function touchBooking(deps: BookingDeps, actor: Actor, id: number): Promise<BookingDto> {
  await findBooking(deps.db, id);
  return changeBooking(deps, id, async (tx, record, now) => {
    await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, id));
    await tx.update(airportDetails).set({ lastUpdate: now }).where(eq(airportDetails.bookingId, id));
    await audit(tx, actor.id, 'airport_received', id, null, { updated_at: now });
    record('booking.updated', { bookingId: id });
  });
}
