import { AI_MSG } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { and, eq, gt } from 'drizzle-orm';
import { bookingSuggestions } from '../../db/schema';
import { conflict } from '../../http/errors';
import { dateOf } from '../../lib/clock';
import type { AiDeps, SuggestionRow } from './context';
import { openOf } from './decisions';
import { answerOffer, offerNext } from './offers';

/**
 * Development only (demo and end-to-end tests without the simulator): plays the captain app — the
 * given captain (reporting from `at` first, as their app would) or the booking's current or next
 * offer — accepting the booking, so that the AI popup opens.
 */
export async function acceptAsCaptain(
  ai: AiDeps,
  bookingId: number,
  as: { captainId?: number; at?: LonLat } = {},
): Promise<SuggestionRow> {
  const booking = await ai.bookings.find(bookingId);
  const open = await openOf(ai, bookingId).catch(() => null);
  if (open) return open;
  const now = ai.clock.now();
  let captainId: number | null = null;
  const liveOffer =
    booking.suggestionCaptainId && booking.suggestionUntil && booking.suggestionUntil.getTime() > now
      ? booking.suggestionCaptainId
      : null;
  if (as.captainId) {
    captainId = as.captainId;
    // The AI's own offer to someone else goes unanswered, as if that captain's time ran out.
    if (liveOffer && liveOffer !== captainId) await answerOffer(ai, liveOffer, bookingId, null);
    if (as.at) {
      await ai.locations.setOnline(captainId, true);
      ai.locations.report(captainId, as.at[0], as.at[1]);
    }
    if (liveOffer !== captainId) {
      const until = new Date(now + (await ai.config.current()).offerMs);
      if (!(await ai.bookings.offer(bookingId, captainId, until))) throw conflict(AI_MSG.noOffer);
    }
  } else {
    captainId = liveOffer;
  }
  captainId ??= await offerNext(ai, bookingId);
  if (!captainId) throw conflict(AI_MSG.noCaptain);
  const row = await answerOffer(ai, captainId, bookingId, true);
  if (!row) throw conflict(AI_MSG.noSuggestion);
  return row;
}

/**
 * Development only (end-to-end tests without the simulator): every captain with a live offer of the booking
 * refuses it, as their apps would, and the cascade takes its next step at once.
 */
export async function refuseAsCaptains(
  ai: AiDeps,
  bookingId: number,
): Promise<{ refused: number[]; offered: number | null; unassigned: boolean }> {
  const now = dateOf(ai.clock);
  const live = await ai.db
    .select({ captainId: bookingSuggestions.captainId })
    .from(bookingSuggestions)
    .where(
      and(
        eq(bookingSuggestions.bookingId, bookingId),
        eq(bookingSuggestions.status, 'SENT'),
        gt(bookingSuggestions.until, now),
      ),
    );
  const refused = [...new Set(live.map((r) => r.captainId))];
  for (const captainId of refused) await answerOffer(ai, captainId, bookingId, false);
  const offered = await offerNext(ai, bookingId, now);
  const booking = await ai.bookings.find(bookingId);
  return { refused, offered, unassigned: booking.unassignedAt !== null };
}
