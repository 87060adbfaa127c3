import { CHAT_EVENTS, messagePreview, NOTIFICATION_TEMPLATES, pathTo } from '@taxi/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, bookings, messages, notifications, rides, users } from '../../db/schema';
import type { AppBus } from '../../events';
import { REMINDER_TEXT } from './reminder-texts';
import { type ChatNamespace, emitChat } from './socket';

const PREVIEW_CHARS = 60;

/**
 * The messages domain's reactions: a new message goes live on the chat connection, and to the staff of
 * its conversation who are away as a notification; a reminder is delivered as a message to the
 * captain's or the passenger's conversation, and logged on the booking.
 */
export function registerChatHandlers(bus: AppBus, app: FastifyInstance, nsp: ChatNamespace): void {
  bus.after('message.created', async ({ messageId, conversationId }) => {
    const message = await app.chat.message(messageId);
    if (!message) return;
    emitChat(nsp, CHAT_EVENTS.message, message);
    if (message.sender_kind !== 'captain' && message.sender_kind !== 'passenger') return;
    await notifyAwayStaff(app, conversationId, message.sender_name ?? '', messagePreview(message));
  });

  bus.after('message.read', async ({ conversationId, readerKind, readerId }) => {
    const receipt = (await app.chat.reads(conversationId)).find(
      (r) => r.reader_kind === readerKind && r.reader_id === readerId,
    );
    if (receipt) emitChat(nsp, CHAT_EVENTS.read, { ...receipt, conversation_id: conversationId });
  });

  bus.after('booking.reminderSent', async ({ bookingId, kind, byUserId }) => {
    const [row] = await app.db
      .select({ passengerId: bookings.passengerId, captainId: rides.captainId })
      .from(bookings)
      .leftJoin(rides, eq(rides.id, bookings.rideId))
      .where(eq(bookings.id, bookingId));
    if (!row) return;
    const to = kind === 'pending' ? 'passenger' : 'captain';
    const recipient = to === 'passenger' ? row.passengerId : row.captainId;
    if (recipient === null) return;
    const { result } = await app.events.transact(async (tx, record) => {
      const conversationId = await app.chat.open(
        to,
        to === 'passenger' ? { passengerId: recipient } : { captainId: recipient },
        tx,
      );
      const message = await app.chat.insertMessage(tx, { kind: 'system', id: null }, conversationId, {
        body: REMINDER_TEXT[kind](bookingId),
        bookingId,
      });
      await tx.insert(auditLog).values({
        actorId: byUserId,
        action: 'reminder_delivered',
        entity: 'booking',
        entityId: String(bookingId),
        after: { to, conversation_id: conversationId, message_id: message.id },
      });
      record('message.created', { messageId: message.id, conversationId });
      return message;
    });
    app.log.debug({ booking: bookingId, message: result.id }, 'reminder delivered');
  });
}

/**
 * "A message while away": the staff who have written in this conversation and are offline get one
 * notification for it (not one per message: an unread one for the same conversation is enough).
 */
async function notifyAwayStaff(app: FastifyInstance, conversationId: number, name: string, preview: string) {
  const writers = await app.db
    .selectDistinct({ id: messages.senderId })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderKind, 'user'), eq(users.online, false)));
  const ids = writers.map((w) => w.id).filter((id): id is number => id !== null);
  if (!ids.length) return;
  const link = `${pathTo('Messages')}?conversation=${conversationId}`;
  const already = await app.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, ids),
        eq(notifications.kind, 'message_while_away'),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    );
  const told = new Set(already.map((r) => r.userId));
  const userIds = ids.filter((id) => !told.has(id));
  if (!userIds.length) return;
  await app.notifications.raise({
    kind: 'message_while_away',
    template: NOTIFICATION_TEMPLATES.messageWhileAway,
    params: { name, preview: preview.length > PREVIEW_CHARS ? `${preview.slice(0, PREVIEW_CHARS)}…` : preview },
    link,
    userIds,
  });
}
