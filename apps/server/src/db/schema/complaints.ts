import { COMPLAINT_STATUSES, DEFAULT_COMPLAINT_STATUS } from '@taxi/shared';
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { captains, passengers } from './people';
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
    /** The passenger it is about: a complaint without a booking (POST complaint/passenger/{id}/create). */
    passengerId: integer('passenger_id').references(() => passengers.id),
    description: text('description'),
    /** The user who filed it; null when the passenger or captain app filed it. */
    doer: integer('doer').references(() => users.id),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default(DEFAULT_COMPLAINT_STATUS),
    categoryId: integer('category_id').references(() => complaintCategories.id),
    entityId: integer('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The complaint log (GET complaints) is newest first under any one filter: each filter column leads an
  // index that ends in (created_at, id), read backwards for `order by created_at desc, id desc` (ascending
  // columns: a backward scan gives exactly desc nulls first, the order by's default), so a page is an index
  // range read, never a sort of the table.
  (t) => [
    index('complaints_booking_idx').on(t.bookingId),
    index('complaints_created_idx').on(t.createdAt, t.id),
    index('complaints_status_created_idx').on(t.status, t.createdAt, t.id),
    index('complaints_captain_created_idx').on(t.captainId, t.createdAt, t.id),
    index('complaints_passenger_created_idx').on(t.passengerId, t.createdAt, t.id),
    index('complaints_category_created_idx').on(t.categoryId, t.createdAt, t.id),
  ],
);

/** A comment on a complaint (complaint_comments/{complaintId}/add_comment). */
export const complaintComments = pgTable(
  'complaint_comments',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    doer: integer('doer').references(() => users.id),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_comments_complaint_idx').on(t.complaintId, t.id)],
);

export const complaintCommentAudios = pgTable(
  'complaint_comment_audios',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => complaintComments.id, { onDelete: 'cascade' }),
    /** Stored name (lib/storage.ts STORED_NAME). */
    fileName: text('file_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.fileName] }),
    // GET /api/files/{name} finds the comment a recording belongs to (modules/files/owners.ts).
    index('complaint_comment_audios_file_name_idx').on(t.fileName),
  ],
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
