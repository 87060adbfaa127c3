import { RATING_COMMENT_MAX, RATING_STARS_MAX, RATING_STARS_MIN, type RatingSide } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookingRef } from './bookings';
import { ratingCauses } from './catalogue';
import { ts } from './columns';

/** A number written into the constraint's text (a check holds no bound parameter). */
const lit = (n: number) => sql.raw(String(n));

/**
 * Ride ratings: after a finished ride the passenger app rates the captain and the captain app rates the
 * passenger (`by` is who rates; the other is rated). One per side and booking; a low rating names a cause of
 * the rated person's kind (rating_causes.target), kept as null when the cause is deleted from the catalogue.
 */
export const rideRatings = pgTable(
  'ride_ratings',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    by: text('by').$type<RatingSide>().notNull(),
    stars: integer('stars').notNull(),
    causeId: integer('cause_id').references(() => ratingCauses.id, { onDelete: 'set null' }),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One per side; also how a captain's ratings are read (rides → bookings → this key).
    uniqueIndex('ride_ratings_booking_by_key').on(t.bookingId, t.by),
    // Deleting a cause from the catalogue sets it to null here without reading the whole table.
    index('ride_ratings_cause_idx').on(t.causeId),
    check('ride_ratings_by_check', sql`${t.by} in ('passenger', 'captain')`),
    check('ride_ratings_stars_check', sql`${t.stars} between ${lit(RATING_STARS_MIN)} and ${lit(RATING_STARS_MAX)}`),
    check('ride_ratings_comment_check', sql`char_length(${t.comment}) <= ${lit(RATING_COMMENT_MAX)}`),
  ],
);
