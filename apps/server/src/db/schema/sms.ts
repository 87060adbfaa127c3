import type { MessageChannel, OutboundStatus, SmsCodePurpose, SmsCodeStatus, SmsRecipientKind } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Every SMS or WhatsApp message the server sends, written before it is sent and sent by a job
 * (`message.send`), so a send survives a restart and runs once across nodes. `body` is what staff may
 * read: a message carrying a secret (a verification code) keeps it masked there, and the text to send
 * in `sealed_body`, encrypted under the server secret and wiped once the message is sent or has failed.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    sealedBody: text('sealed_body'),
    /** Why it was sent (sms_code.signup, …). */
    purpose: text('purpose').notNull(),
    status: text('status').$type<OutboundStatus>().notNull().default('queued'),
    /** The provider's id of the message once it took it. */
    providerId: text('provider_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('outbound_messages_created_idx').on(t.createdAt), index('outbound_messages_status_idx').on(t.status)],
);

/**
 * Verification codes sent to passengers and captains. The code is kept only as an HMAC-SHA-256 under a
 * key derived from the server secret, with its last two digits as a hint for support.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    recipientKind: text('recipient_kind').$type<SmsRecipientKind>().notNull(),
    recipientId: integer('recipient_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    codeHint: text('code_hint'),
    purpose: text('purpose').$type<SmsCodePurpose>().notNull(),
    status: text('status').$type<SmsCodeStatus>().notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    messageId: integer('message_id').references(() => outboundMessages.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
  },
  (t) => [
    index('sms_codes_created_idx').on(t.createdAt, t.id),
    index('sms_codes_recipient_idx').on(t.recipientKind, t.recipientId, t.purpose),
    index('sms_codes_phone_prefix_idx').on(sql`${t.phone} text_pattern_ops`),
    index('sms_codes_message_idx').on(t.messageId),
  ],
);
