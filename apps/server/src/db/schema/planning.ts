import type { InterviewOutcome, ShiftStatus, VacationStatus } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { captains } from './people';
import { users } from './users';

/** The projects staff book their working time on (people.md §3: id, name). */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A user's working period on a project (people.md §2): started with `from`, open while `to` is null,
 * ended by the user. At most one open period per user (the partial unique index).
 */
export const userProjectSchedules = pgTable(
  'user_project_schedules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    from: ts('from').notNull(),
    to: ts('to'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_project_schedules_user_from_idx').on(t.userId, t.from),
    uniqueIndex('user_project_schedules_open_idx').on(t.userId).where(sql`${t.to} is null`),
  ],
);

/**
 * A captain's working shift on a zone (one or several sectors): planned, started when the captain comes
 * online within its window (or is online when it opens), ended at its end (or when the captain goes
 * offline after it). Its two durable jobs (start, end) are kept to cancel them when the shift moves.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id, { onDelete: 'cascade' }),
    sectorIds: jsonb('sector_ids').$type<number[]>().notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    status: text('status').$type<ShiftStatus>().notNull().default('planned'),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    startJobId: integer('start_job_id'),
    endJobId: integer('end_job_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('shifts_captain_starts_idx').on(t.captainId, t.startsAt),
    index('shifts_window_idx').on(t.startsAt, t.endsAt),
    index('shifts_status_idx').on(t.status),
  ],
);

/** A staff member's leave request (/vacations): city days, inclusive; decided by staff who manage users. */
export const vacations = pgTable(
  'vacations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<VacationStatus>().notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    refusalReason: text('refusal_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('vacations_user_from_idx').on(t.userId, t.from), index('vacations_window_idx').on(t.from, t.to)],
);

/**
 * An interview slot a staff member published; an applicant (an unregistered captain) booked into it —
 * one per slot, so booking is a compare-and-set on captain_id — and the interview's outcome.
 */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: serial('id').primaryKey(),
    interviewerId: integer('interviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    captainId: integer('captain_id').references(() => captains.id, { onDelete: 'set null' }),
    bookedAt: ts('booked_at'),
    outcome: text('outcome').$type<InterviewOutcome>(),
    outcomeReason: text('outcome_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('interview_slots_starts_idx').on(t.startsAt), index('interview_slots_captain_idx').on(t.captainId)],
);
