import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bookings, serviceChangeSuggestions, services } from '../../../../db/schema';
import { conflict, HttpError } from '../../../../http/errors';
import type { Actor } from '../../model';
import { authorizedBooking } from '../../rules';
import { activeService, audit, type BookingDeps, changeBooking } from '../../store';

/** The operator suggests another service to the passenger (never the same one twice in a row). */
export async function suggestServiceChange(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  serviceId: number,
): Promise<BookingDto> {
  const booking = await authorizedBooking(deps, actor, id, 'suggestService');
  await activeService(deps.db, serviceId);
  return changeBooking(deps, id, async (tx, record, now) => {
    // Lock the booking row so two operators cannot both send the same suggestion.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for('update');
    const [last] = await tx
      .select()
      .from(serviceChangeSuggestions)
      .where(eq(serviceChangeSuggestions.bookingId, id))
      .orderBy(sql`${serviceChangeSuggestions.id} desc`)
      .limit(1);
    if (last && last.newServiceId === serviceId)
      throw new HttpError(422, BOOKING_MSG.suggestionAlreadySent, {
        service_id: [BOOKING_MSG.suggestionAlreadySent],
      });
    await tx
      .insert(serviceChangeSuggestions)
      .values({ bookingId: id, newServiceId: serviceId, createdById: actor.id, createdAt: now });
    await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, id));
    await audit(
      tx,
      actor.id,
      'suggest_service_change',
      id,
      { service_id: booking.serviceId },
      { new_service_id: serviceId },
    );
    record('booking.updated', { bookingId: id });
  });
}

/** The passenger accepted the newest suggested service: the booking takes it. */
export async function acceptServiceChange(deps: BookingDeps, actor: Actor, id: number): Promise<BookingDto> {
  const booking = await authorizedBooking(deps, actor, id, 'changeService');
  return changeBooking(deps, id, async (tx, record, now) => {
    const [pending] = await tx
      .update(serviceChangeSuggestions)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(serviceChangeSuggestions.bookingId, id),
          isNull(serviceChangeSuggestions.acceptedAt),
          eq(
            serviceChangeSuggestions.id,
            sql`(select max(${serviceChangeSuggestions.id}) from ${serviceChangeSuggestions} where ${serviceChangeSuggestions.bookingId} = ${id})`,
          ),
        ),
      )
      .returning();
    if (!pending) throw conflict(BOOKING_MSG.noPendingSuggestion);
    const [service] = await tx.select().from(services).where(eq(services.id, pending.newServiceId));
    await tx
      .update(bookings)
      .set({
        serviceId: pending.newServiceId,
        vehicleType: service?.vehicleType ?? booking.vehicleType,
        updatedAt: now,
      })
      .where(eq(bookings.id, id));
    await audit(
      tx,
      actor.id,
      'accept_service_change',
      id,
      { service_id: booking.serviceId },
      { service_id: pending.newServiceId },
    );
    record('booking.updated', { bookingId: id });
  });
}
