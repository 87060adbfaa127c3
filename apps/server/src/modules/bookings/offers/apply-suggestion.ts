import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { dispatchFacts, dispatchWithin } from '../commands/console/dispatch';
import type { Actor } from '../model';
import { authorize, authorizeRole } from '../rules';
import { activeService, audit, type BookingDeps, changeBooking, findBooking } from '../store';

/**
 * 'The passenger said ok' to an AI suggestion: the new time and/or the other service (with its vehicle type)
 * apply to the PENDING booking and it is dispatched to the suggested captain, as one outcome in one
 * transaction. When the dispatch is refused (the captain took another ride meanwhile, no longer fits…) the
 * change is undone with it and the refusal is the answer: the booking keeps its time and service.
 */
export async function applySuggestion(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  change: { datetime?: Date | null; serviceId?: number | null },
  captainId: number,
): Promise<BookingDto> {
  const booking = await findBooking(deps.db, id);
  if (booking.status !== 'PENDING') {
    authorizeRole(actor, 'dispatch');
    throw conflict(BOOKING_MSG.alreadyDispatched);
  }
  authorize(actor, 'dispatch', booking, deps.clock.now());
  const service = change.serviceId ? await activeService(deps.db, change.serviceId) : null;
  const datetime = change.datetime ?? booking.datetime;
  // The dispatch is checked against the booking as changed: the suggested captain drives the new service.
  const facts = await dispatchFacts(deps, service?.id ?? booking.serviceId);
  return changeBooking(deps, id, async (tx, record, now) => {
    const [changed] = await tx
      .update(bookings)
      .set({
        datetime,
        ...(service ? { serviceId: service.id, vehicleType: service.vehicleType } : {}),
        updatedAt: now,
      })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'PENDING')))
      .returning();
    if (!changed) throw conflict(BOOKING_MSG.alreadyDispatched);
    await audit(
      tx,
      actor.id,
      service ? 'ai_service_change' : 'ai_time_change',
      id,
      { datetime: booking.datetime, service_id: booking.serviceId },
      { datetime, service_id: service?.id ?? booking.serviceId },
    );
    record('booking.updated', { bookingId: id });
    await dispatchWithin(tx, record, now, actor, changed, captainId, facts);
  });
}
