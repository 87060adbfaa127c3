import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { activeService, audit, type BookingDeps, changeBooking, findBooking } from '../store';

/**
 * Applies what the passenger accepted from an AI suggestion to a PENDING booking: a new time and/or
 * another service (with its vehicle type), in one transaction with its audit row.
 */
export async function applySuggestion(
  deps: BookingDeps,
  actorId: number | null,
  id: number,
  change: { datetime?: Date | null; serviceId?: number | null },
): Promise<BookingDto> {
  const booking = await findBooking(deps.db, id);
  const service = change.serviceId ? await activeService(deps.db, change.serviceId) : null;
  const datetime = change.datetime ?? booking.datetime;
  return changeBooking(deps, id, async (tx, record, now) => {
    const [row] = await tx
      .update(bookings)
      .set({
        datetime,
        ...(service ? { serviceId: service.id, vehicleType: service.vehicleType } : {}),
        updatedAt: now,
      })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'PENDING')))
      .returning({ id: bookings.id });
    if (!row) throw conflict(BOOKING_MSG.alreadyDispatched);
    await audit(
      tx,
      actorId,
      service ? 'ai_service_change' : 'ai_time_change',
      id,
      { datetime: booking.datetime, service_id: booking.serviceId },
      { datetime, service_id: service?.id ?? booking.serviceId },
    );
    record('booking.updated', { bookingId: id });
  });
}
