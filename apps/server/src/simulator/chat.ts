import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, conversations, messages } from '../db/schema';
import { answerReminder } from '../modules/chat/reminders';

/** What the simulated apps write (their users' own words: stored as written). */
const CAPTAIN_REPLIES = ['OK.', 'Understood, thanks.', 'On it.', 'Noted, I will call you back.'];
const PASSENGER_REPLIES = ['Thank you!', 'OK, I will wait.', 'Great, thanks.'];
const CAPTAIN_REMINDER_ANSWERS = ['On my way, 5 minutes.', 'Already at the pickup.', 'Stuck in traffic, 10 minutes.'];
const PASSENGER_REMINDER_ANSWERS = ['Yes, I still need it.', 'OK, thank you.', 'Please hurry.'];
const WHERE_IS_PASSENGER = (id: number) => `I'm at the pickup for order #${id}, where is the passenger?`;
const WHAT_ETA = (id: number) => `What is the ETA of my taxi? (order #${id})`;

/** Questions per hour at the demo's rate (each a captain at a pickup, or a passenger still waiting). */
const CAPTAIN_QUESTIONS_PER_HOUR = 12;
const PASSENGER_QUESTIONS_PER_HOUR = 10;
/** A simulated app answers a staff message or a reminder after this many seconds. */
const ANSWER_AFTER_S: readonly [number, number] = [15, 90];

/**
 * The captain and passenger apps' side of the conversations: they answer the staff's messages and the
 * console's reminders (through the same services as real apps), and now and then ask something
 * themselves: a captain at a pickup asks where the passenger is, a waiting passenger asks for the ETA.
 */
export class SimChat {
  /** Message id → when its answer is due. */
  private readonly answerAt = new Map<number, number>();
  private readonly asked = new Set<number>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly random: () => number,
  ) {}

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }

  async step(now: number, dt: number, atPickup: readonly { captainId: number; bookingId: number }[]): Promise<void> {
    await this.answer(now);
    await this.ask(now, dt, atPickup);
  }

  /** Conversations whose newest message is the staff's or the system's: the app reads and replies. */
  private async answer(now: number): Promise<void> {
    const waiting = await this.app.db
      .select({
        messageId: messages.id,
        conversationId: conversations.id,
        kind: conversations.kind,
        captainId: conversations.captainId,
        passengerId: conversations.passengerId,
        senderKind: messages.senderKind,
        bookingId: messages.bookingId,
        createdAt: messages.createdAt,
      })
      .from(conversations)
      .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
      .where(
        and(
          inArray(conversations.kind, ['captain', 'passenger']),
          inArray(messages.senderKind, ['user', 'system']),
          gt(messages.createdAt, new Date(now - 3600_000)),
        ),
      )
      .limit(50);
    for (const m of waiting) {
      let due = this.answerAt.get(m.messageId);
      if (due === undefined) {
        due =
          m.createdAt.getTime() + (ANSWER_AFTER_S[0] + this.random() * (ANSWER_AFTER_S[1] - ANSWER_AFTER_S[0])) * 1000;
        this.answerAt.set(m.messageId, due);
      }
      if (due > now) continue;
      this.answerAt.delete(m.messageId);
      const from =
        m.kind === 'captain'
          ? { kind: 'captain' as const, id: m.captainId as number }
          : { kind: 'passenger' as const, id: m.passengerId as number };
      await this.app.chat.markRead(from, m.conversationId, m.messageId);
      if (m.senderKind === 'system' && m.bookingId !== null) {
        const answers = from.kind === 'captain' ? CAPTAIN_REMINDER_ANSWERS : PASSENGER_REMINDER_ANSWERS;
        await answerReminder(
          this.app,
          from,
          { id: m.messageId, conversation_id: m.conversationId, booking_id: m.bookingId },
          this.pick(answers),
        );
      } else {
        await this.app.chat.send(from, m.conversationId, {
          body: this.pick(from.kind === 'captain' ? CAPTAIN_REPLIES : PASSENGER_REPLIES),
        });
      }
    }
  }

  private async ask(now: number, dt: number, atPickup: readonly { captainId: number; bookingId: number }[]) {
    const captainQuestion = atPickup.find((c) => !this.asked.has(c.bookingId));
    if (captainQuestion && this.random() < (CAPTAIN_QUESTIONS_PER_HOUR / 3600) * dt) {
      this.asked.add(captainQuestion.bookingId);
      const id = await this.app.chat.open('captain', { captainId: captainQuestion.captainId });
      await this.app.chat.send({ kind: 'captain', id: captainQuestion.captainId }, id, {
        body: WHERE_IS_PASSENGER(captainQuestion.bookingId),
        bookingId: captainQuestion.bookingId,
      });
    }
    if (this.random() < (PASSENGER_QUESTIONS_PER_HOUR / 3600) * dt) {
      const [waiting] = await this.app.db
        .select({ id: bookings.id, passengerId: bookings.passengerId })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'PENDING'),
            eq(bookings.now, true),
            lt(bookings.createdAt, new Date(now - 5 * 60_000)),
            gt(bookings.createdAt, new Date(now - 3600_000)),
          ),
        )
        .orderBy(sql`random()`)
        .limit(1);
      if (!waiting || this.asked.has(waiting.id)) return;
      this.asked.add(waiting.id);
      const id = await this.app.chat.open('passenger', { passengerId: waiting.passengerId });
      await this.app.chat.send({ kind: 'passenger', id: waiting.passengerId }, id, {
        body: WHAT_ETA(waiting.id),
        bookingId: waiting.id,
      });
    }
  }
}
