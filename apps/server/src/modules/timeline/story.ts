import { AI_ACTOR_ID, AI_ACTOR_NAME, type StoryItemDto } from '@taxi/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  bookingSuggestions,
  bookings,
  captains,
  complaintCategories,
  complaints,
  conversations,
  geofenceLogs,
  messages,
  users,
} from '../../db/schema';
import { notFound } from '../../http/errors';

const name = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);

/**
 * Everything recorded about one booking on one time axis: its audit rows (statuses, dispatches, staff
 * actions), the offers to captains, the geofence, its chat and its complaints. Read by its indexes
 * (each table's booking index), then merged in time order.
 */
export async function bookingStory(db: Db, bookingId: number): Promise<StoryItemDto[]> {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw notFound();
  const [logs, offers, fences, chat, filed] = await Promise.all([
    db
      .select({ log: auditLog, first: users.firstName, last: users.lastName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, String(bookingId)))),
    db
      .select({ offer: bookingSuggestions, first: captains.firstName, last: captains.lastName })
      .from(bookingSuggestions)
      .innerJoin(captains, eq(captains.id, bookingSuggestions.captainId))
      .where(eq(bookingSuggestions.bookingId, bookingId)),
    db
      .select({ fence: geofenceLogs, first: captains.firstName, last: captains.lastName })
      .from(geofenceLogs)
      .leftJoin(captains, eq(captains.id, geofenceLogs.captainId))
      .where(eq(geofenceLogs.bookingId, bookingId)),
    db
      .select({ message: messages })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.kind, 'booking'), eq(conversations.bookingId, bookingId)))
      .orderBy(asc(messages.id))
      .limit(500),
    db
      .select({ complaint: complaints, category: complaintCategories.name })
      .from(complaints)
      .leftJoin(complaintCategories, eq(complaintCategories.id, complaints.categoryId))
      .where(eq(complaints.bookingId, bookingId)),
  ]);
  const items: (Omit<StoryItemDto, 'ref'> & { order: number })[] = [];
  for (const { log, first, last } of logs)
    items.push({
      order: log.id,
      at: log.createdAt.toISOString(),
      kind: 'log',
      action: log.action,
      actor: log.actorId === AI_ACTOR_ID ? AI_ACTOR_NAME : name(first, last),
      text: null,
    });
  for (const { offer, first, last } of offers)
    items.push({
      order: offer.id,
      at: offer.createdAt.toISOString(),
      kind: 'offer',
      action: offer.status,
      actor: name(first, last),
      text: null,
    });
  for (const { fence, first, last } of fences) {
    if (fence.enterTime)
      items.push({
        order: fence.id,
        at: fence.enterTime.toISOString(),
        kind: 'geofence',
        action: 'enter',
        actor: name(first, last),
        text: null,
      });
    if (fence.leaveTime)
      items.push({
        order: fence.id,
        at: fence.leaveTime.toISOString(),
        kind: 'geofence',
        action: 'leave',
        actor: name(first, last),
        text: null,
      });
  }
  for (const { message } of chat)
    items.push({
      order: message.id,
      at: message.createdAt.toISOString(),
      kind: 'chat',
      action: message.senderKind,
      actor: null,
      text: message.body || (message.attachmentKind ?? ''),
    });
  for (const { complaint, category } of filed)
    items.push({
      order: complaint.id,
      at: complaint.createdAt.toISOString(),
      kind: 'complaint',
      action: complaint.status,
      actor: category,
      text: complaint.description,
    });
  items.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
  return items.map(({ order, ...item }) => ({ ref: `${item.kind}-${order}-${item.action}`, ...item }));
}
