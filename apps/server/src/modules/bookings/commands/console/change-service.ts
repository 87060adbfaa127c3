import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import type { Actor } from '../../model';
import { authorizedBooking } from '../../rules';
import { activeService, audit, type BookingDeps, changeBooking } from '../../store';

/** Another service (and its vehicle type) for a booking whose status allows it. */
export async function changeService(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  serviceId: number,
): Promise<BookingDto> {
  const booking = await authorizedBooking(deps, actor, id, 'changeService');
  const service = await activeService(deps.db, serviceId);
  return changeBooking(deps, id, async (tx, record, now) => {
    const [row] = await tx
      .update(bookings)
      .set({ serviceId, vehicleType: service.vehicleType, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, booking.status)))
      .returning({ id: bookings.id });
    if (!row) throw conflict(BOOKING_MSG.actionNotAllowed('edited', booking.status));
    await audit(tx, actor.id, 'change_service', id, { service_id: booking.serviceId }, { service_id: serviceId });
    record('booking.updated', { bookingId: id });
  });
}
