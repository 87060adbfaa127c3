import type { BroadcastTargetKind, DeliverySource, Recurrence, ScheduledStatus } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { captains } from './people';
import { users } from './users';

/** Drivers' announcements (/announcements/): shown in the captain app while valid, once published. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    validFrom: ts('valid_from').notNull(),
    validUntil: ts('valid_until').notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_valid_idx').on(t.validFrom, t.validUntil).where(sql`published`)],
);

/**
 * Messages scheduled for a target (/scheduled_messages): sent by the durable job `broadcast.scheduled` at
 * `next_run_at` (its id in `job_id`), again every day or week until `ends_at` when they recur.
 */
export const scheduledMessages = pgTable('scheduled_messages', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  targetKind: text('target_kind').$type<BroadcastTargetKind>().notNull(),
  targetId: integer('target_id'),
  /** The sector's or service's name when the message was scheduled. */
  targetName: text('target_name'),
  /** A `numbers` target: the captains its listed phone numbers named when it was scheduled. */
  targetCaptainIds: jsonb('target_captain_ids').$type<number[]>(),
  recurrence: text('recurrence').$type<Recurrence>().notNull().default('none'),
  sendAt: ts('send_at').notNull(),
  nextRunAt: ts('next_run_at'),
  endsAt: ts('ends_at'),
  status: text('status').$type<ScheduledStatus>().notNull().default('scheduled'),
  /** The pending job of the next run (cancelled with the message). */
  jobId: integer('job_id'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A message sent to captains: from the console (`broadcast`) or one run of a scheduled message
 * (`scheduled`, unique per message and run time, so a run retried after a crash never sends twice).
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    body: text('body').notNull(),
    targetKind: text('target_kind').$type<BroadcastTargetKind>().notNull(),
    targetId: integer('target_id'),
    targetName: text('target_name'),
    source: text('source').$type<Extract<DeliverySource, 'broadcast' | 'scheduled'>>().notNull().default('broadcast'),
    scheduledMessageId: integer('scheduled_message_id').references(() => scheduledMessages.id, {
      onDelete: 'set null',
    }),
    /** The run time of a scheduled message's run. */
    scheduledFor: ts('scheduled_for'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('broadcasts_created_idx').on(t.createdAt),
    uniqueIndex('broadcasts_scheduled_run_idx').on(t.scheduledMessageId, t.scheduledFor),
  ],
);

/**
 * The captain app's inbox: one row per captain and message. `delivered_at` is set when the app received
 * it (at once for a connected app, else when the captain comes online), `read_at` when the captain read it.
 */
export const captainDeliveries = pgTable(
  'captain_deliveries',
  {
    id: serial('id').primaryKey(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind').$type<DeliverySource>().notNull(),
    sourceId: integer('source_id').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
  },
  (t) => [
    // One row per captain and message; also the index of a message's counts (source_kind, source_id).
    uniqueIndex('captain_deliveries_source_captain_idx').on(t.sourceKind, t.sourceId, t.captainId),
    index('captain_deliveries_pending_idx').on(t.captainId).where(sql`delivered_at is null`),
    index('captain_deliveries_captain_idx').on(t.captainId, t.createdAt),
  ],
);
