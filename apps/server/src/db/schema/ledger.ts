import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/**
 * The ledger of captain and passenger accounts (people.md §3 entry types). Append-only: a balance is
 * the SUM of an owner's amounts, in cents, signed by the entry type's rule (`@taxi/shared` ledger.ts).
 * The owner index carries the amount, so a balance is an index-only scan of the owner's entries.
 */
export const accountEntries = pgTable(
  'account_entries',
  {
    id: serial('id').primaryKey(),
    /** captain | passenger (ACCOUNT_OWNER_KINDS). */
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    type: text('type').notNull(),
    /** Cents, signed. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bookingId: integer('booking_id'),
    /** What the entry is for (`booking:12`, `bonus:3:2026-11-01`): one entry per owner, type and reference. */
    reference: text('reference'),
    note: text('note'),
    /** The staff member who wrote a manual entry; null for entries of the system. */
    actorId: integer('actor_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('account_entries_owner_idx').on(t.ownerKind, t.ownerId, t.createdAt, t.id, t.amount),
    uniqueIndex('account_entries_reference_uq')
      .on(t.ownerKind, t.ownerId, t.type, t.reference)
      .where(sql`${t.reference} is not null`),
  ],
);
