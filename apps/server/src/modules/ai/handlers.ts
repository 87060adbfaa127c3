import { EVENTS } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { captains } from '../../db/schema';
import type { AppBus } from '../../events';
import type { AiDeps } from './context';
import { fullName } from './context';
import { endOpenSuggestions } from './decisions';
import { announce } from './popups';

/** The AI's realtime side: the request card's offer countdown and the operators' popups. */
export function registerAiHandlers(bus: AppBus, ai: AiDeps): void {
  bus.after('booking.offered', async ({ bookingId, captainIds, until }, ctx) => {
    const dto = await ctx.booking(bookingId, true);
    let suggestion = dto.active_captain_suggestion;
    if (!suggestion && captainIds.length === 1) {
      const [c] = await ai.db
        .select({ first: captains.firstName, last: captains.lastName })
        .from(captains)
        .where(eq(captains.id, captainIds[0]));
      suggestion = { captain_name: fullName(c?.first, c?.last), until: until.toISOString() };
    }
    if (!suggestion) suggestion = { captain_name: '', until: until.toISOString(), captains: captainIds.length };
    ai.realtime.emit(EVENTS.bookingSuggestionSent, {
      booking_id: bookingId,
      active_captain_suggestion: suggestion,
    });
  });
  bus.after('booking.offerDeclined', ({ bookingId }) => {
    ai.realtime.emit(EVENTS.bookingSuggestionAvailable, {
      booking_id: bookingId,
      active_captain_suggestion: null,
    });
  });
  bus.after('ai.suggestionProposed', ({ suggestion }) => announce(ai, suggestion));
  // A human dispatch or a cancellation ends the booking's popup on every console at once.
  bus.after('booking.statusChanged', async ({ bookingId, from, to }) => {
    if (from === 'PENDING' && to !== 'PENDING') await endOpenSuggestions(ai, bookingId);
  });
  bus.after('ai.suggestionMoved', ({ bookingId, suggestionId, status }) => {
    const payload = { booking_id: bookingId, suggestion_id: suggestionId, status };
    ai.realtime.emit(EVENTS.aiPassSuggestion, payload);
    if (status === 'DISPATCHED') ai.realtime.emit(EVENTS.aiPassBooking, payload);
  });
}
