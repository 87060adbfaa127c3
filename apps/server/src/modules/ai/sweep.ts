import { AI_OPEN_STATUSES } from '@taxi/shared';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { aiSuggestions, bookingSuggestions, bookings } from '../../db/schema';
import { leftOutBackoffMs, matchBatch } from '../../dispatch/batch';
import { HttpError } from '../../http/errors';
import { dateOf } from '../../lib/clock';
import { sweepNotMoving } from '../bookings/not-moving';
import type { DispatchTimings } from '../settings/dispatch-config';
import { AI_ACTOR, type AiDeps } from './context';
import { endSuggestion, pass, repropose, snoozeSuggestion } from './decisions';
import { answerOffer, noCaptainFor, type OfferPlan, offerNext, planOffer, sendOffer } from './offers';

const NO_CAPTAIN_RETRY_MS = 20_000;
/**
 * A time or service suggestion at zero is snoozed by the consoles that had it (their operator's popups are snoozed
 * with it, and their tray says so); the sweep does it itself only once they had this long to.
 */
const CONSOLE_GRACE_MS = 5000;
/** Bookings looked at per sweep: one by one (greedy), or matched together (batch: a bigger picture pays). */
const GREEDY_LIMIT = 20;
const BATCH_LIMIT = 60;

/**
 * One pass over the AI's due work: ended suggestions, countdowns at zero, offers without answer, new
 * offers. Every state lives in the database, so any node may sweep; `retryAt` only spares this node
 * ranking a booking without a free captain again too soon.
 */
export class AiSweep {
  private readonly retryAt = new Map<number, number>();
  /** Bookings the batch left out, and how many sweeps in a row (leftOutBackoffMs). */
  private readonly leftOut = new Map<number, number>();

  constructor(private readonly ai: AiDeps) {}

  async tick(): Promise<void> {
    const { ai } = this;
    const now = dateOf(ai.clock);
    const config = await ai.config.current();
    // Suggestions whose booking left PENDING (human dispatch, cancellation) end as EXPIRED.
    const stale = await ai.db
      .select({ s: aiSuggestions })
      .from(aiSuggestions)
      .innerJoin(bookings, eq(bookings.id, aiSuggestions.bookingId))
      .where(and(inArray(aiSuggestions.status, [...AI_OPEN_STATUSES]), sql`${bookings.status} <> 'PENDING'`));
    for (const { s } of stale) await endSuggestion(ai, s, 'EXPIRED', null);

    const due = await ai.db
      .select()
      .from(aiSuggestions)
      .where(and(inArray(aiSuggestions.status, [...AI_OPEN_STATUSES]), lte(aiSuggestions.countdownUntil, now)))
      .orderBy(asc(aiSuggestions.id));
    for (const s of due) {
      try {
        if (s.status === 'PROPOSED' && s.kind === 'dispatch') await pass(ai, s.bookingId, AI_ACTOR, 'timer');
        else if (s.status === 'PROPOSED') {
          if (s.countdownUntil.getTime() <= now.getTime() - CONSOLE_GRACE_MS)
            await snoozeSuggestion(ai, s, config.snoozeMinutes, null);
        } else if (s.kind === 'dispatch') await repropose(ai, s);
        else await endSuggestion(ai, s, 'EXPIRED', null);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }

    // Offers nobody answered in time.
    const unanswered = await ai.db
      .select({ id: bookings.id, captainId: bookings.suggestionCaptainId })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          lte(bookings.suggestionUntil, now),
          sql`${bookings.suggestionCaptainId} is not null`,
          sql`not exists (select 1 from ${aiSuggestions} where ${aiSuggestions.bookingId} = ${bookings.id} and ${aiSuggestions.status} in ('PROPOSED','SNOOZED'))`,
        ),
      );
    for (const o of unanswered) if (o.captainId) await answerOffer(ai, o.captainId, o.id, null).catch(() => {});
    // Group offers that ran out: each captain who did not answer (their row still ends at the deadline).
    const silent = await ai.db
      .select({ id: bookings.id, captainId: bookingSuggestions.captainId })
      .from(bookings)
      .innerJoin(bookingSuggestions, eq(bookingSuggestions.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          isNull(bookings.suggestionCaptainId),
          isNotNull(bookings.suggestionGroupSize),
          lte(bookings.suggestionUntil, now),
          eq(bookingSuggestions.status, 'SENT'),
          eq(bookingSuggestions.kind, 'group'),
          eq(bookingSuggestions.until, bookings.suggestionUntil),
        ),
      );
    for (const o of silent) await answerOffer(ai, o.captainId, o.id, null).catch(() => {});

    await this.offerDue(now, config);
    await sweepNotMoving(ai);
  }

  /**
   * PENDING bookings due now (or within the scheduled lead) without an offer or open suggestion; an
   * unassigned one only once the retry interval since the cascade ran out has passed. Their single offers
   * go where the batch assignment says (DISPATCH_MATCHING batch) or to each one's best captain in turn.
   */
  private async offerDue(now: Date, config: DispatchTimings): Promise<void> {
    const batch = config.matching === 'batch';
    const lead = new Date(now.getTime() + config.scheduledLeadMs);
    const retryFrom = new Date(now.getTime() - config.retryMs);
    const rows = await this.ai.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          lte(bookings.datetime, lead),
          or(isNull(bookings.suggestionUntil), lte(bookings.suggestionUntil, now)),
          or(isNull(bookings.unassignedAt), lte(bookings.unassignedAt, retryFrom)),
          sql`not exists (select 1 from ${aiSuggestions} where ${aiSuggestions.bookingId} = ${bookings.id} and ${aiSuggestions.status} in ('PROPOSED','SNOOZED'))`,
        ),
      )
      .orderBy(asc(bookings.datetime))
      .limit(batch ? BATCH_LIMIT : GREEDY_LIMIT);
    const plans: OfferPlan[] = [];
    for (const { id } of rows) {
      // A booking without a free captain nearby is looked at again only after a while (ranking is not free).
      if ((this.retryAt.get(id) ?? 0) > now.getTime()) continue;
      if (!batch) {
        this.noteOffered(id, await offerNext(this.ai, id, now), now);
        continue;
      }
      const plan = await planOffer(this.ai, id, now);
      if (plan) plans.push(plan);
      else this.noteOffered(id, await noCaptainFor(this.ai, id), now);
    }
    if (batch) await this.sendBatch(plans, now);
    if (this.retryAt.size > 5000) this.retryAt.clear();
    if (this.leftOut.size > 5000) this.leftOut.clear();
  }

  /**
   * The batch: the single offers of all planned bookings at once, as the optimal assignment says; a booking
   * the assignment leaves out waits for the next sweep (its captain went to one that needed them more), and
   * so does one kept for a captain about to finish a trip near it (soon to clear).
   * Group offers and the unassigned list go as planned.
   */
  private async sendBatch(plans: OfferPlan[], now: Date): Promise<void> {
    const singles = plans.filter((p) => p.step.kind === 'single');
    const assigned = matchBatch(
      singles.map((p) => ({ booking_id: p.bookingId, waiting_s: p.waitingS, candidates: p.fresh })),
    );
    for (const plan of singles) {
      const captainId = assigned.get(plan.bookingId);
      // Kept for a captain whose trip is about to end: looked at again next sweep.
      if (captainId !== undefined && plan.fresh.some((c) => c.captain_id === captainId && c.clears_in_s !== null))
        continue;
      // Left out: looked at again after a back-off that grows while it keeps being left out.
      if (captainId === undefined) {
        const times = (this.leftOut.get(plan.bookingId) ?? 0) + 1;
        this.leftOut.set(plan.bookingId, times);
        this.retryAt.set(plan.bookingId, now.getTime() + leftOutBackoffMs(times));
        continue;
      }
      this.leftOut.delete(plan.bookingId);
      this.noteOffered(plan.bookingId, await sendOffer(this.ai, plan, now, captainId), now);
    }
    for (const plan of plans) if (plan.step.kind !== 'single') await sendOffer(this.ai, plan, now);
  }

  private noteOffered(bookingId: number, offered: number | null, now: Date): void {
    if (offered === null) this.retryAt.set(bookingId, now.getTime() + NO_CAPTAIN_RETRY_MS);
    else this.retryAt.delete(bookingId);
  }
}
