import type { BookingDto } from '@taxi/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { bookingSuggestions, bookings } from '../../../db/schema';
import { dateOf } from '../../../lib/clock';
import { audit, type BookingDeps } from '../store';

/**
 * Offers a PENDING booking to a captain until `until` (the request card's suggestion countdown):
 * compare-and-set on "PENDING and no live offer"; a booking_suggestions row SENT. Null when taken.
 */
export async function offerBooking(
  deps: BookingDeps,
  id: number,
  captainId: number,
  until: Date,
): Promise<BookingDto | null> {
  const now = dateOf(deps.clock);
  const { result: offered, ctx } = await deps.bus.transact(async (tx, record) => {
    const [row] = await tx
      .update(bookings)
      .set({ suggestionCaptainId: captainId, suggestionUntil: until, updatedAt: now })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'PENDING'),
          or(isNull(bookings.suggestionUntil), sql`${bookings.suggestionUntil} <= ${now}`),
        ),
      )
      .returning({ id: bookings.id });
    if (!row) return false;
    await tx.insert(bookingSuggestions).values({ bookingId: id, captainId, status: 'SENT', until, createdAt: now });
    await audit(tx, null, 'offer_sent', id, null, { captain_id: captainId, until });
    record('booking.updated', { bookingId: id });
    record('booking.offered', { bookingId: id, captainId, until });
    record('captain.stateChanged', { captainId, state: 'OFFERED' });
    return true;
  });
  return offered ? ctx.booking(id, true) : null;
}
