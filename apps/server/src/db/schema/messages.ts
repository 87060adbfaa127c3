import { CONVERSATION_KINDS, SENDER_KINDS } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { ts } from './columns';
import { captains, passengers } from './people';

/**
 * A conversation: the staff's thread with one captain, with one passenger, or the chat of one booking
 * (its passenger and captain, which staff read and join). At most one of each (the partial unique
 * indexes), so "the captain's conversation" is a lookup, not a search.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    captainId: integer('captain_id').references(() => captains.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id').references(() => passengers.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The newest message (the inbox's order and preview). */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: ts('last_message_at'),
    /** How many messages the captain or passenger has written here (the unread counts subtract from it). */
    inboundCount: integer('inbound_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_captain_uq').on(t.captainId).where(sql`${t.kind} = 'captain'`),
    uniqueIndex('conversations_passenger_uq').on(t.passengerId).where(sql`${t.kind} = 'passenger'`),
    uniqueIndex('conversations_booking_uq').on(t.bookingId).where(sql`${t.kind} = 'booking'`),
    // The inbox: newest first, keyset-friendly.
    index('conversations_last_message_idx').on(t.lastMessageAt, t.id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Who wrote it: a staff user, the captain, the passenger, or the system (a reminder). */
    senderKind: text('sender_kind', { enum: SENDER_KINDS }).notNull(),
    senderId: integer('sender_id'),
    body: text('body').notNull().default(''),
    /** A stored file (lib/storage.ts STORED_NAME): an image or a voice note. */
    attachment: text('attachment'),
    attachmentKind: text('attachment_kind', { enum: ['image', 'audio'] }),
    /** What the message is about when the system wrote it (a reminder: its booking). */
    bookingId: integer('booking_id'),
    /** The conversation's inbound count once this message was written: a receipt on it has seen that many. */
    inboundSeq: integer('inbound_seq').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // A conversation's messages in order, and "messages after my last read one".
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_attachment_idx').on(t.attachment),
  ],
);

/**
 * Read receipts: how far each participant has read a conversation. Staff users, the captain and the
 * passenger each have their own row; a message is unread for a reader when its id is greater. The unread
 * count of a conversation is a subtraction (conversations.inbound_count − inbound_seen), so the console's
 * 7-second poll never scans messages.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    readerKind: text('reader_kind', { enum: ['user', 'captain', 'passenger'] }).notNull(),
    readerId: integer('reader_id').notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    /** The inbound messages seen up to there (the read message's inbound_seq): unread = inbound_count − this. */
    inboundSeen: integer('inbound_seen').notNull().default(0),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.readerKind, t.readerId] })],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
