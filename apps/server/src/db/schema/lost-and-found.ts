import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { ts } from './columns';
import { captains, passengers } from './people';

/** Items left in cars (/lost_and_found): a linked booking gives the captain and the passenger. */
export const lostItems = pgTable(
  'lost_items',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    /** phone | bag | wallet | keys | documents | clothing | other */
    category: text('category').notNull(),
    foundAt: ts('found_at').notNull(),
    keptAt: text('kept_at'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    captainId: integer('captain_id').references(() => captains.id, { onDelete: 'set null' }),
    passengerId: integer('passenger_id').references(() => passengers.id, { onDelete: 'set null' }),
    /** found → contacted → returned | disposed (LOST_ITEM_NEXT) */
    status: text('status').notNull().default('found'),
    notes: text('notes'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lost_items_found_at_idx').on(t.foundAt),
    index('lost_items_status_idx').on(t.status, t.foundAt),
    index('lost_items_booking_idx').on(t.bookingId),
    index('lost_items_captain_idx').on(t.captainId),
    index('lost_items_passenger_idx').on(t.passengerId),
    index('lost_items_open_idx').on(t.foundAt).where(sql`status in ('found', 'contacted')`),
  ],
);
