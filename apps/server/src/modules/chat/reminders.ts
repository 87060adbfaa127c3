import type { ChatMessageDto } from '@taxi/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../db/schema';

/**
 * The captain app or the passenger answers a reminder (a system message about a booking): the answer is
 * a message in the same conversation, logged on the booking, and the staff member who sent the reminder
 * is notified (reminder.answered).
 */
export async function answerReminder(
  app: FastifyInstance,
  from: { kind: 'captain' | 'passenger'; id: number },
  reminder: Pick<ChatMessageDto, 'id' | 'conversation_id' | 'booking_id'>,
  answer: string,
): Promise<void> {
  const bookingId = reminder.booking_id;
  if (bookingId === null) return;
  const [delivered] = await app.db
    .select({ actorId: auditLog.actorId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'booking'),
        eq(auditLog.entityId, String(bookingId)),
        eq(auditLog.action, 'reminder_delivered'),
        sql`(${auditLog.after} ->> 'message_id')::bigint = ${reminder.id}`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  await app.events.transact(async (tx, record) => {
    const message = await app.chat.insertMessage(tx, from, reminder.conversation_id, { body: answer, bookingId });
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'reminder_answered',
      entity: 'booking',
      entityId: String(bookingId),
      after: { by: from.kind, answer, message_id: message.id },
    });
    record('message.created', { messageId: message.id, conversationId: reminder.conversation_id });
    record('reminder.answered', { bookingId, sentBy: delivered?.actorId ?? null, by: from.kind, answer });
  });
}
