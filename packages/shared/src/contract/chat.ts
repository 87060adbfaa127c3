import { z } from 'zod';
import { CONVERSATION_KINDS, SENDER_KINDS } from '../chat';
import { envelope, pageEnvelope } from './envelope';

export const messageSchema = z
  .object({
    id: z.number(),
    conversation_id: z.number(),
    sender_kind: z.enum(SENDER_KINDS),
    sender_id: z.number().nullable(),
    /** The author's name (a staff member's, the captain's, the passenger's); null for the system. */
    sender_name: z.string().nullable(),
    body: z.string(),
    /** Stored file name of an image or a voice note (GET files/{name}). */
    attachment: z.string().nullable(),
    attachment_kind: z.enum(['image', 'audio']).nullable(),
    booking_id: z.number().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ChatMessage' });

export const conversationSchema = z
  .object({
    id: z.number(),
    kind: z.enum(CONVERSATION_KINDS),
    /** Who the conversation is with: the captain's or passenger's name, or the booking's number. */
    title: z.string(),
    captain_id: z.number().nullable(),
    passenger_id: z.number().nullable(),
    booking_id: z.number().nullable(),
    phone: z.string().nullable(),
    last_message: messageSchema.nullable(),
    last_message_at: z.string().nullable(),
    /** Messages from the captain or the passenger the caller has not read yet. */
    unread: z.number().int(),
  })
  .meta({ id: 'Conversation' });

export const readReceiptSchema = z.object({
  reader_kind: z.enum(['user', 'captain', 'passenger']),
  reader_id: z.number(),
  name: z.string().nullable(),
  last_read_message_id: z.number(),
  read_at: z.string(),
});

export const chatContract = {
  conversations: pageEnvelope(conversationSchema),
  conversation: envelope(conversationSchema.extend({ reads: z.array(readReceiptSchema) })),
  messages: envelope(
    z.object({
      data: z.array(messageSchema),
      /** Older messages exist before the first one returned. */
      has_more: z.boolean(),
    }),
  ),
  message: envelope(messageSchema),
  /** The unread poll: the sum over the inbox's first pages. */
  unread: envelope(z.object({ unread: z.number().int(), pages: z.number().int(), per_page: z.number().int() })),
  read: envelope(z.object({ conversation_id: z.number(), last_read_message_id: z.number(), unread: z.number() })),
};
