import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { ts } from './columns';
import { captains } from './people';

/**
 * Sessions of the captain app: opaque bearer tokens stored as sha256 hashes, apart from the staff's access
 * tokens (a captain's token opens no staff route and a staff token no captain-app route).
 */
export const captainSessions = pgTable(
  'captain_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('captain_sessions_captain_idx').on(t.captainId)],
);

/**
 * The ride steps a captain's app sent, by the id the app gave each: a step sent again (a retry after a lost
 * answer) is not applied again and gets the first answer. Claimed before the step runs; `answer` is null while
 * it is in flight.
 */
export const captainAppSteps = pgTable(
  'captain_app_steps',
  {
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 'step' or 'cancel'. */
    action: text('action').notNull(),
    answer: jsonb('answer').$type<unknown>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.captainId, t.stepId] }), index('captain_app_steps_created_idx').on(t.createdAt)],
);
