import type { BookingDto, OfferScore } from '@taxi/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { bookingSuggestions, bookings } from '../../../db/schema';
import { dateOf } from '../../../lib/clock';
import { audit, type BookingDeps } from '../store';

/**
 * Offers a PENDING booking until `until` (the request card's suggestion countdown), to one captain or,
 * in the cascade's group round, to several at once (the first to accept wins, `closeOffer`):
 * compare-and-set on "PENDING and no live offer"; one booking_suggestions row SENT per captain. Null when
 * taken.
 */
export async function offerBooking(
  deps: BookingDeps,
  id: number,
  captainIds: readonly number[],
  until: Date,
  kind: 'single' | 'group',
  /** Each captain's ranking score the offer is made on (the AI's offers; none for one made by hand). */
  scores?: ReadonlyMap<number, OfferScore>,
): Promise<BookingDto | null> {
  if (captainIds.length === 0) return null;
  const now = dateOf(deps.clock);
  const group = kind === 'group';
  const { result: offered, ctx } = await deps.bus.transact(async (tx, record) => {
    const [row] = await tx
      .update(bookings)
      .set({
        suggestionCaptainId: group ? null : captainIds[0],
        suggestionGroupSize: group ? captainIds.length : null,
        suggestionUntil: until,
        updatedAt: now,
      })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'PENDING'),
          or(isNull(bookings.suggestionUntil), sql`${bookings.suggestionUntil} <= ${now}`),
        ),
      )
      .returning({ id: bookings.id });
    if (!row) return false;
    await tx.insert(bookingSuggestions).values(
      captainIds.map((captainId) => ({
        bookingId: id,
        captainId,
        status: 'SENT',
        kind,
        until,
        score: scores?.get(captainId) ?? null,
        createdAt: now,
      })),
    );
    await audit(
      tx,
      null,
      'offer_sent',
      id,
      null,
      group ? { captain_ids: [...captainIds], until } : { captain_id: captainIds[0], until },
    );
    record('booking.updated', { bookingId: id });
    record('booking.offered', { bookingId: id, captainIds: [...captainIds], until });
    for (const captainId of captainIds) record('captain.stateChanged', { captainId, state: 'OFFERED' });
    return true;
  });
  return offered ? ctx.booking(id, true) : null;
}
