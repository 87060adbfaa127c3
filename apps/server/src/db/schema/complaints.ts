import { COMPLAINT_STATUSES, DEFAULT_COMPLAINT_STATUS } from '@taxi/shared';
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { captains } from './people';
import { users } from './users';

export const complaintCategories = pgTable('complaint_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id),
    captainId: integer('captain_id').references(() => captains.id),
    description: text('description'),
    /** The user who filed it. */
    doer: integer('doer').references(() => users.id),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default(DEFAULT_COMPLAINT_STATUS),
    categoryId: integer('category_id').references(() => complaintCategories.id),
    entityId: integer('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaints_booking_idx').on(t.bookingId), index('complaints_captain_idx').on(t.captainId)],
);

export const complaintAudios = pgTable(
  'complaint_audios',
  {
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    /** Stored name (lib/storage.ts STORED_NAME). */
    fileName: text('file_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.complaintId, t.fileName] }),
    // GET /api/files/{name} finds the complaint a recording belongs to (modules/files/owners.ts).
    index('complaint_audios_file_name_idx').on(t.fileName),
  ],
);

/** The complaint category an operator set on a booking (POST complaint/category). */
export const bookingComplaintCategories = pgTable('booking_complaint_categories', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id')
    .notNull()
    .references(() => complaintCategories.id),
  setBy: integer('set_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
