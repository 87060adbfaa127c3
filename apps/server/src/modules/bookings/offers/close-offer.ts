import { AI_MSG, type BookingDto } from '@taxi/shared';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { bookingSuggestions, bookings } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { audit, type BookingDeps, changeBooking } from '../store';

type Answer = 'ACCEPTED' | 'REFUSED' | null;
type Record = Parameters<Parameters<typeof changeBooking>[2]>[1];

/**
 * Ends the captain's open offer: ACCEPTED keeps the captain reserved until `holdUntil`; REFUSED (or
 * null: no answer before the deadline) frees the booking for the next offer. A group offer stays open
 * while another of its captains may still answer; its first acceptance wins (compare-and-set, 409 for the
 * later ones) and withdraws the offer from the others. 409 without an open offer.
 */
export async function closeOffer(
  deps: BookingDeps,
  id: number,
  captainId: number,
  answer: Answer,
  holdUntil?: Date,
): Promise<BookingDto> {
  return changeBooking(deps, id, async (tx, record, now) => {
    const [sent] = await tx
      .select({ id: bookingSuggestions.id, kind: bookingSuggestions.kind, until: bookingSuggestions.until })
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
    if (sent.kind === 'group') await closeGroupAnswer(tx, record, id, captainId, sent, answer, now, holdUntil);
    else {
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
      if (answer !== 'ACCEPTED') record('booking.offerDeclined', { bookingId: id, captainId });
    }
    await audit(tx, null, 'offer_answer', id, null, { captain_id: captainId, answer: answer ?? 'NO_RESPONSE' });
    record('booking.updated', { bookingId: id });
    if (answer !== 'ACCEPTED') record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}

async function closeGroupAnswer(
  tx: Tx,
  record: Record,
  id: number,
  captainId: number,
  sent: { id: number; until: Date | null },
  answer: Answer,
  now: Date,
  holdUntil?: Date,
): Promise<void> {
  if (answer === 'ACCEPTED') {
    // The first acceptance takes the booking while the group offer is live; the others lose the race.
    const [won] = await tx
      .update(bookings)
      .set({
        suggestionCaptainId: captainId,
        suggestionGroupSize: null,
        suggestionUntil: holdUntil ?? now,
        updatedAt: now,
      })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'PENDING'),
          isNull(bookings.suggestionCaptainId),
          gt(bookings.suggestionUntil, now),
        ),
      )
      .returning({ id: bookings.id });
    if (!won) throw conflict(AI_MSG.offerTaken);
    await tx.update(bookingSuggestions).set({ status: 'ACCEPTED' }).where(eq(bookingSuggestions.id, sent.id));
    const others = await tx
      .update(bookingSuggestions)
      .set({ status: 'WITHDRAWN', until: now })
      .where(
        and(
          eq(bookingSuggestions.bookingId, id),
          eq(bookingSuggestions.status, 'SENT'),
          eq(bookingSuggestions.kind, 'group'),
          ne(bookingSuggestions.captainId, captainId),
        ),
      )
      .returning({ captainId: bookingSuggestions.captainId });
    for (const o of others) {
      record('booking.offerWithdrawn', { bookingId: id, captainId: o.captainId });
      record('captain.stateChanged', { captainId: o.captainId, state: 'FREE' });
    }
    return;
  }
  if (answer) await tx.update(bookingSuggestions).set({ status: answer }).where(eq(bookingSuggestions.id, sent.id));
  else await tx.update(bookingSuggestions).set({ until: now }).where(eq(bookingSuggestions.id, sent.id));
  // The booking is free again once no captain of the group may still answer.
  const [live] = await tx
    .select({ id: bookingSuggestions.id })
    .from(bookingSuggestions)
    .where(
      and(
        eq(bookingSuggestions.bookingId, id),
        eq(bookingSuggestions.status, 'SENT'),
        eq(bookingSuggestions.kind, 'group'),
        gt(bookingSuggestions.until, now),
      ),
    )
    .limit(1);
  if (live) return;
  await tx
    .update(bookings)
    .set({ suggestionGroupSize: null, suggestionUntil: null, updatedAt: now })
    .where(and(eq(bookings.id, id), isNull(bookings.suggestionCaptainId)));
  record('booking.offerDeclined', { bookingId: id, captainId });
}
