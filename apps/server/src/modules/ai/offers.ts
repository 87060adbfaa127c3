import { aiServiceChangeTargets, type CandidateRankingDto } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { aiSuggestions, bookingSuggestions, passengers } from '../../db/schema';
import { serviceMismatch } from '../../dispatch/candidates';
import { dateOf } from '../../lib/clock';
import { captainsAtAllowance } from '../bookings/commands/console/reservation-allowance';
import type { AiDeps, SuggestionRow } from './context';
import { propose } from './propose';

/** Services the booking may switch to: the shared rule, minus those the passenger already said NO to. */
export async function serviceChangeTargets(
  ai: AiDeps,
  booking: { id: number; serviceId: number; passengerId: number },
): Promise<number[]> {
  const [p] = await ai.db
    .select({ canUseVip: passengers.canUseVip })
    .from(passengers)
    .where(eq(passengers.id, booking.passengerId));
  const refused = await ai.db
    .select({ serviceId: aiSuggestions.newServiceId })
    .from(aiSuggestions)
    .where(
      and(
        eq(aiSuggestions.bookingId, booking.id),
        eq(aiSuggestions.kind, 'service_change'),
        eq(aiSuggestions.status, 'REFUSED'),
      ),
    );
  const no = new Set(refused.map((r) => r.serviceId));
  return aiServiceChangeTargets(booking.serviceId, p?.canUseVip ?? false).filter((id) => !no.has(id));
}

/** The first service change with a free captain, ranked as if the booking were of that service. */
async function rankOtherServices(ai: AiDeps, bookingId: number, now: Date): Promise<CandidateRankingDto | null> {
  const booking = await ai.bookings.find(bookingId);
  for (const serviceId of await serviceChangeTargets(ai, booking)) {
    const ranking = await ai.engine.rank(bookingId, { now, serviceId });
    if (ranking.candidates.length > 0) return ranking;
  }
  return null;
}

/**
 * Offers the booking to the best ranked captain who has not already said no to it. Without a free
 * captain of the booked service, a captain of a service the passenger may switch to is offered instead:
 * on acceptance the operators get the service-change popup.
 */
export async function offerNext(ai: AiDeps, bookingId: number, now = dateOf(ai.clock)): Promise<number | null> {
  let ranking = await ai.engine.rank(bookingId, { now });
  if (ranking.candidates.length === 0) ranking = (await rankOtherServices(ai, bookingId, now)) ?? ranking;
  if (ranking.candidates.length === 0) return null;
  const config = await ai.config.current();
  if (!(await ai.bookings.find(bookingId)).now) {
    // A scheduled booking: captains who took their seasonal allowance are not offered it.
    const full = await captainsAtAllowance(
      ai.db,
      ranking.candidates.map((c) => c.captain_id),
      config.season,
    );
    ranking = { ...ranking, candidates: ranking.candidates.filter((c) => !full.has(c.captain_id)) };
    if (ranking.candidates.length === 0) return null;
  }
  const asked = await ai.db
    .select({ captainId: bookingSuggestions.captainId })
    .from(bookingSuggestions)
    .where(eq(bookingSuggestions.bookingId, bookingId));
  const skip = new Set(asked.map((a) => a.captainId));
  const best = ranking.candidates.find((c) => !skip.has(c.captain_id)) ?? ranking.candidates[0];
  const until = new Date(now.getTime() + config.offerMs);
  const dto = await ai.bookings.offer(bookingId, best.captain_id, until);
  return dto ? best.captain_id : null;
}

/**
 * The service the booking switches to with this captain: null when their services and car fit the
 * booked service, else the first allowed target that they fit.
 */
export async function serviceChangeFor(
  ai: AiDeps,
  booking: { id: number; serviceId: number; passengerId: number },
  captainId: number,
): Promise<number | null> {
  const captain = (await ai.engine.captainFacts([captainId])).get(captainId);
  if (!captain) return null;
  if (!serviceMismatch(await ai.engine.bookingFacts(booking.id), captain)) return null;
  for (const target of await serviceChangeTargets(ai, booking)) {
    if (!serviceMismatch(await ai.engine.bookingFacts(booking.id, target), captain)) return target;
  }
  return null;
}

/** The captain app answers an offer; null = no answer before the deadline. Acceptance opens the AI popup. */
export async function answerOffer(
  ai: AiDeps,
  captainId: number,
  bookingId: number,
  accept: boolean | null,
): Promise<SuggestionRow | null> {
  if (!accept) {
    await ai.bookings.closeOffer(bookingId, captainId, accept === null ? null : 'REFUSED');
    return null;
  }
  const countdownUntil = new Date(ai.clock.now() + (await ai.config.current()).popupMs);
  await ai.bookings.closeOffer(bookingId, captainId, 'ACCEPTED', countdownUntil);
  return propose(ai, bookingId, captainId, countdownUntil);
}
