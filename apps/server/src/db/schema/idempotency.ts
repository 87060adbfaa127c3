import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Idempotency-Key claims of create requests (src/http/idempotency.ts): one row per (user, key), claimed
 * with INSERT ... ON CONFLICT DO NOTHING before the handler runs, completed with the response it gave.
 * Rows live 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 of the method, route, params, query and body (file bytes included). */
    fingerprint: text('fingerprint').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Null while the first request is in flight. */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
