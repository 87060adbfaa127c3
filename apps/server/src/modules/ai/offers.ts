import {
  aiServiceChangeTargets,
  type CandidateRankingDto,
  type CandidateScore,
  type CascadeStep,
  nextCascadeStep,
  type OfferScore,
} from '@taxi/shared';
import { and, eq, gte } from 'drizzle-orm';
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

/** What the booking's current round of the cascade sent (since `cascade_from`: its last unassign or re-dispatch). */
async function roundOf(ai: AiDeps, bookingId: number, since: Date | null) {
  const sent = await ai.db
    .select({
      captainId: bookingSuggestions.captainId,
      status: bookingSuggestions.status,
      kind: bookingSuggestions.kind,
    })
    .from(bookingSuggestions)
    .where(
      and(eq(bookingSuggestions.bookingId, bookingId), since ? gte(bookingSuggestions.createdAt, since) : undefined),
    );
  return {
    asked: new Set(sent.map((s) => s.captainId)),
    refused: new Set(sent.filter((s) => s.status === 'REFUSED').map((s) => s.captainId)),
    singles: sent.filter((s) => s.kind === 'single').length,
    groupSent: sent.some((s) => s.kind === 'group'),
  };
}

/** A candidate free now (not one whose trip is about to end). */
const isFree = (c: CandidateScore) => c.clears_in_s === null;

/** What the cascade would do next for a booking, before anything is sent (planOffer → sendOffer). */
export interface OfferPlan {
  bookingId: number;
  /** Seconds since the booking was due (its time, for a scheduled one). */
  waitingS: number;
  step: CascadeStep;
  /** Candidates not yet asked in this round, best first: those a single offer may go to. */
  fresh: CandidateScore[];
  /** Candidates who have not refused in this round, best first: a group offer's pool. */
  willing: CandidateScore[];
}

/**
 * The dispatch cascade's next step for the booking (`nextCascadeStep`): an offer to the best ranked
 * captain not yet asked in this round, up to DISPATCH_SINGLE_OFFERS of them; then one offer to the
 * nearest DISPATCH_GROUP_OFFER_SIZE who have not refused, the first to accept wins; then the booking is
 * unassigned until the next round. Without a free captain of the booked service, captains of a service
 * the passenger may switch to are offered instead: on acceptance the operators get the service-change
 * popup. Null when no captain is free for it at all (then `noCaptainFor`).
 */
export async function planOffer(ai: AiDeps, bookingId: number, now = dateOf(ai.clock)): Promise<OfferPlan | null> {
  const config = await ai.config.current();
  // Soon-to-clear captains are looked at by the batch only: it may keep a booking for one of them.
  const soonToClearMs = config.matching === 'batch' ? config.soonToClearMs : 0;
  let ranking = await ai.engine.rank(bookingId, { now, soonToClearMs });
  if (ranking.candidates.length === 0) ranking = (await rankOtherServices(ai, bookingId, now)) ?? ranking;
  if (ranking.candidates.length === 0) return null;
  const booking = await ai.bookings.find(bookingId);
  let candidates = ranking.candidates;
  if (!booking.now) {
    // A scheduled booking: captains who took their seasonal allowance are not offered it.
    const full = await captainsAtAllowance(
      ai.db,
      candidates.map((c) => c.captain_id),
      config.season,
    );
    candidates = candidates.filter((c) => !full.has(c.captain_id));
    if (candidates.length === 0) return null;
  }
  const round = await roundOf(ai, bookingId, booking.cascadeFrom);
  const fresh = candidates.filter((c) => !round.asked.has(c.captain_id));
  return {
    bookingId,
    waitingS: Math.max(0, (now.getTime() - booking.datetime.getTime()) / 1000),
    step: nextCascadeStep(round, config, fresh.length > 0),
    fresh,
    willing: candidates.filter((c) => isFree(c) && !round.refused.has(c.captain_id)),
  };
}

/**
 * Sends the plan's step: a single offer to `captainId` (a batch assignment's choice, one of `fresh`) or else
 * to the best fresh candidate; a group offer; or the booking goes to the unassigned list. Returns the
 * (first) captain offered, or null.
 */
export async function sendOffer(
  ai: AiDeps,
  plan: OfferPlan,
  now = dateOf(ai.clock),
  captainId?: number,
): Promise<number | null> {
  const { bookingId, step } = plan;
  const until = new Date(now.getTime() + (await ai.config.current()).offerMs);
  const chosen = plan.fresh.find((c) => c.captain_id === captainId) ?? plan.fresh.find(isFree);
  // A captain still on a trip gets the offer once free: the booking waits for them meanwhile.
  if (step.kind === 'single') {
    if (!chosen || !isFree(chosen)) return null;
    return (await ai.bookings.offer(bookingId, chosen.captain_id, until, scoresOf([chosen])))
      ? chosen.captain_id
      : null;
  }
  if (step.kind === 'group') {
    const group = plan.willing.slice(0, step.size);
    if (group.length > 0) {
      const ids = group.map((c) => c.captain_id);
      return (await ai.bookings.offerGroup(bookingId, ids, until, scoresOf(group))) ? ids[0] : null;
    }
  }
  await ai.bookings.markUnassigned(bookingId, 'no_acceptance');
  return null;
}

/** What an offer keeps of each candidate's ranking (the AI popup's "why this captain"). */
const scoresOf = (candidates: readonly CandidateScore[]): Map<number, OfferScore> =>
  new Map(candidates.map((c) => [c.captain_id, { parts: c.parts, total: c.total, station_queue: c.station_queue }]));

/**
 * No captain is eligible for the booking (planOffer's null): it becomes a driver search (besoin), once; the sweep
 * looks at it again after a while all the same.
 */
export async function noCaptainFor(ai: AiDeps, bookingId: number): Promise<null> {
  await ai.bookings.startBesoin(bookingId);
  return null;
}

/** The cascade's next step for one booking, its best candidate first (greedy). */
export async function offerNext(ai: AiDeps, bookingId: number, now = dateOf(ai.clock)): Promise<number | null> {
  const plan = await planOffer(ai, bookingId, now);
  return plan ? sendOffer(ai, plan, now) : noCaptainFor(ai, bookingId);
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
