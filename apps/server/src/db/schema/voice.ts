import type { CallOutcome } from '@taxi/shared';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { ts } from './columns';
import { users } from './users';

/**
 * The call log: one row per SIP call (its Call-ID), inbound through the queue or placed by an operator.
 * The SIP server reports arrival, each ring round, the caller giving up and the hang-up; the console
 * reports the answer, its own calls and the booking made during a call.
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    sipCallId: text('sip_call_id').notNull().unique(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull().defaultNow(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    outcome: text('outcome').$type<CallOutcome>().notNull(),
    /** When the latest ring round began (the phones that answered, or rang last, rang from then). */
    lastRingAt: ts('last_ring_at'),
    /** The operators' SIP users rung so far, in order (op<user>s<session>). */
    rungUsers: text('rung_users').array().notNull().default([]),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** A transfer: the caller's next call (same number, before transfer_until) rings this operator first. */
    transferTo: integer('transfer_to').references(() => users.id, { onDelete: 'set null' }),
    transferUntil: ts('transfer_until'),
  },
  (t) => [
    index('calls_started_idx').on(t.startedAt),
    index('calls_from_idx').on(t.fromNumber),
    index('calls_booking_idx').on(t.bookingId),
  ],
);

/**
 * The softphones registered to the SIP server, as it reported them (each REGISTER asks the API): the
 * queue rings only these. A row per SIP user (one per operator session).
 */
export const voiceRegistrations = pgTable(
  'voice_registrations',
  {
    sipUser: text('sip_user').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').notNull(),
    registeredAt: ts('registered_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('voice_registrations_user_idx').on(t.userId)],
);
