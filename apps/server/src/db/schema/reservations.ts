import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { captains } from './people';

/**
 * How many scheduled bookings a captain may hold at once in a season (/seasonal_reservations): a row
 * without a captain is the season's default, a row with one is that captain's special case. No row: no limit.
 */
export const seasonalReservationAllowances = pgTable(
  'seasonal_reservation_allowances',
  {
    id: serial('id').primaryKey(),
    /** day | night | classic | new_classic | hot */
    season: text('season').notNull(),
    captainId: integer('captain_id').references(() => captains.id, { onDelete: 'cascade' }),
    maxReservations: integer('max_reservations').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seasonal_reservation_allowances_unique').on(t.season, sql`coalesce(${t.captainId}, 0)`),
    index('seasonal_reservation_allowances_captain_idx').on(t.captainId),
  ],
);
