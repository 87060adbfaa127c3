import { TICKET_AUTHOR_TYPES, TICKET_FIELD_KINDS, TICKET_STATUSES, TICKET_SUBJECT_TYPES } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { ts } from './columns';
import { users } from './users';

/** A kind of ticket ("Follow-up", "Lost item"…) with its SLA and its ordered questions. */
export const ticketTypes = pgTable('ticket_types', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  /** Minutes from creation to the SLA due time. */
  slaMinutes: integer('sla_minutes').notNull().default(240),
});

export const ticketQuestions = pgTable(
  'ticket_questions',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('ticket_questions_type_idx').on(t.typeId, t.position)],
);

export const ticketFields = pgTable(
  'ticket_fields',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => ticketQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: TICKET_FIELD_KINDS }).notNull(),
    label: text('label').notNull(),
    required: boolean('required').notNull().default(true),
    options: jsonb('options').$type<string[]>().notNull().default([]),
  },
  (t) => [index('ticket_fields_question_idx').on(t.questionId, t.position)],
);

const OPEN = sql`status in ('PENDING', 'ASSIGNED', 'IN_PROGRESS')`;

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => ticketTypes.id),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('PENDING'),
    authorType: text('author_type', { enum: TICKET_AUTHOR_TYPES }).notNull(),
    /** A users, passengers or captains id by author_type. */
    authorId: integer('author_id'),
    /** The author's name when the ticket was written (first, last). */
    authorFirstName: text('author_first_name').notNull().default(''),
    authorLastName: text('author_last_name').notNull().default(''),
    subjectType: text('subject_type', { enum: TICKET_SUBJECT_TYPES }),
    subjectId: integer('subject_id'),
    subjectName: text('subject_name'),
    assigneeId: integer('assignee_id').references(() => users.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    lastQuestionId: integer('last_question_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    slaDueAt: ts('sla_due_at'),
  },
  (t) => [
    // The monitoring's filters, each newest first (ids grow with creation).
    index('tickets_status_idx').on(t.status, t.id),
    index('tickets_assignee_idx').on(t.assigneeId, t.id),
    index('tickets_type_idx').on(t.typeId, t.id),
    // Monitoring filtered by status and type together (the common triage view).
    index('tickets_status_type_idx').on(t.status, t.typeId, t.id),
    index('tickets_created_idx').on(t.createdAt, t.id),
    // The queue of the new-ticket dialog (oldest first) and the overdue view: small partial indexes.
    index('tickets_pending_idx').on(t.id).where(sql`status = 'PENDING'`),
    index('tickets_open_due_idx').on(t.slaDueAt, t.id).where(OPEN),
    index('tickets_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/** One answer per field (`question_{field id}` of POST tickets). */
export const ticketAnswers = pgTable(
  'ticket_answers',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => ticketFields.id),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.fieldId] })],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.id)],
);

/** Creation, assignments and status changes of a ticket (also written to the audit log). */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action', { enum: ['created', 'assigned', 'status'] }).notNull(),
    fromStatus: text('from_status', { enum: TICKET_STATUSES }),
    toStatus: text('to_status', { enum: TICKET_STATUSES }),
    assigneeId: integer('assignee_id').references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ticket_history_ticket_idx').on(t.ticketId, t.id)],
);
