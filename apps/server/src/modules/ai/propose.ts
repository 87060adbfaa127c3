import type { AiSuggestionKind } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { aiSuggestions } from '../../db/schema';
import { dateOf } from '../../lib/clock';
import { type AiDeps, MIN, type SuggestionRow } from './context';
import { serviceChangeFor } from './offers';
import { captainPosition } from './popups';

/**
 * Creates the AI suggestion (windows, ETA) and shows the popup to operators whose AI is on: a
 * service change when the captain drives another service, a time change when they would be late.
 */
export async function propose(
  ai: AiDeps,
  bookingId: number,
  captainId: number,
  countdownUntil?: Date,
): Promise<SuggestionRow> {
  const now = dateOf(ai.clock);
  const config = await ai.config.current();
  const until = countdownUntil ?? new Date(now.getTime() + config.popupMs);
  const booking = await ai.bookings.find(bookingId);
  const pickup: LonLat = [booking.pickUpLon, booking.pickUpLat];
  const from = await captainPosition(ai, captainId, pickup);
  const eta = Math.round(ai.city.eta(from, pickup));
  const trip =
    booking.pullDownLon != null && booking.pullDownLat != null
      ? Math.round(ai.city.eta(pickup, [booking.pullDownLon, booking.pullDownLat]))
      : null;
  const arrival = now.getTime() + eta * 1000;
  const minPick = new Date(Math.max(arrival, booking.datetime.getTime()));
  const maxPick = new Date(minPick.getTime() + 10 * MIN);
  const late = !booking.now && arrival > booking.datetime.getTime() + config.timeChangeAfterMs;
  const newServiceId = await serviceChangeFor(ai, booking, captainId);
  const kind: AiSuggestionKind = newServiceId ? 'service_change' : late ? 'time_change' : 'dispatch';
  const newTime = late ? new Date(Math.ceil(arrival / (5 * MIN)) * 5 * MIN) : newServiceId ? booking.datetime : null;
  const [row] = await ai.db
    .insert(aiSuggestions)
    .values({
      bookingId,
      captainId,
      kind,
      status: 'PROPOSED',
      minPickUpTime: minPick,
      maxPickUpTime: maxPick,
      minDropOffTime: trip === null ? null : new Date(minPick.getTime() + trip * 1000),
      maxDropOffTime: trip === null ? null : new Date(maxPick.getTime() + trip * 1000 * 1.25),
      etaSeconds: eta,
      tripSeconds: trip,
      originalTime: booking.datetime,
      newTime,
      newServiceId,
      countdownUntil: until,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await ai.bus.publish([{ name: 'ai.suggestionProposed', payload: { suggestion: row } }]);
  return row;
}
