import { AI_OPEN_STATUSES } from '@taxi/shared';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { aiSuggestions, bookings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { dateOf } from '../../lib/clock';
import { AI_ACTOR, type AiDeps } from './context';
import { endSuggestion, pass, repropose, snoozeSuggestion } from './decisions';
import { answerOffer, offerNext } from './offers';

const NO_CAPTAIN_RETRY_MS = 20_000;

/**
 * One pass over the AI's due work: ended suggestions, countdowns at zero, offers without answer, new
 * offers. Every state lives in the database, so any node may sweep; `retryAt` only spares this node
 * ranking a booking without a free captain again too soon.
 */
export class AiSweep {
  private readonly retryAt = new Map<number, number>();

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
        else if (s.status === 'PROPOSED') await snoozeSuggestion(ai, s, config.snoozeMinutes, null);
        else if (s.kind === 'dispatch') await repropose(ai, s);
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

    await this.offerDue(now, config.scheduledLeadMs);
  }

  /** PENDING bookings due now (or within the scheduled lead) without an offer or open suggestion. */
  private async offerDue(now: Date, leadMs: number, limit = 20): Promise<void> {
    const lead = new Date(now.getTime() + leadMs);
    const rows = await this.ai.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          lte(bookings.datetime, lead),
          or(isNull(bookings.suggestionUntil), lte(bookings.suggestionUntil, now)),
          sql`not exists (select 1 from ${aiSuggestions} where ${aiSuggestions.bookingId} = ${bookings.id} and ${aiSuggestions.status} in ('PROPOSED','SNOOZED'))`,
        ),
      )
      .orderBy(asc(bookings.datetime))
      .limit(limit);
    for (const { id } of rows) {
      // A booking without a free captain nearby is looked at again only after a while (ranking is not free).
      if ((this.retryAt.get(id) ?? 0) > now.getTime()) continue;
      const offered = await offerNext(this.ai, id, now);
      if (offered === null) this.retryAt.set(id, now.getTime() + NO_CAPTAIN_RETRY_MS);
      else this.retryAt.delete(id);
    }
    if (this.retryAt.size > 5000) this.retryAt.clear();
  }
}
