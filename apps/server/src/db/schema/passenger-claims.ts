import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { passengers } from './people';
import { users } from './users';

/**
 * Who is confirming a passenger of the approval queue, since when, and until when the claim holds (the open wizard
 * renews it; closing it without a decision releases it; a decision ends it). One claim per passenger: of two
 * operators claiming at once, exactly one row wins.
 */
export const passengerClaims = pgTable(
  'passenger_claims',
  {
    passengerId: integer('passenger_id')
      .primaryKey()
      .references(() => passengers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: ts('claimed_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('passenger_claims_expires_idx').on(t.expiresAt)],
);
