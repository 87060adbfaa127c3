import { AI_MSG, type BookingDto } from '@taxi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { bookingSuggestions, bookings } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { audit, type BookingDeps, changeBooking } from '../store';

/**
 * Ends the captain's open offer: ACCEPTED keeps the captain reserved until `holdUntil`; REFUSED (or
 * null: no answer before the deadline) frees the booking for the next offer. 409 without an open offer.
 */
export async function closeOffer(
  deps: BookingDeps,
  id: number,
  captainId: number,
  answer: 'ACCEPTED' | 'REFUSED' | null,
  holdUntil?: Date,
): Promise<BookingDto> {
  return changeBooking(deps, id, async (tx, record, now) => {
    const [sent] = await tx
      .select({ id: bookingSuggestions.id })
      .from(bookingSuggestions)
      .where(
        and(
          eq(bookingSuggestions.bookingId, id),
          eq(bookingSuggestions.captainId, captainId),
          eq(bookingSuggestions.status, 'SENT'),
        ),
      )
      .orderBy(sql`${bookingSuggestions.id} desc`)
      .limit(1);
    if (!sent) throw conflict(AI_MSG.noOffer);
    if (answer) await tx.update(bookingSuggestions).set({ status: answer }).where(eq(bookingSuggestions.id, sent.id));
    else await tx.update(bookingSuggestions).set({ until: now }).where(eq(bookingSuggestions.id, sent.id));
    const hold = answer === 'ACCEPTED' && holdUntil;
    await tx
      .update(bookings)
      .set(
        hold
          ? { suggestionUntil: holdUntil, updatedAt: now }
          : { suggestionCaptainId: null, suggestionUntil: null, updatedAt: now },
      )
      .where(and(eq(bookings.id, id), eq(bookings.suggestionCaptainId, captainId)));
    await audit(tx, null, 'offer_answer', id, null, { captain_id: captainId, answer: answer ?? 'NO_RESPONSE' });
    record('booking.updated', { bookingId: id });
    if (answer !== 'ACCEPTED') {
      record('booking.offerDeclined', { bookingId: id, captainId });
      record('captain.stateChanged', { captainId, state: 'FREE' });
    }
  });
}
