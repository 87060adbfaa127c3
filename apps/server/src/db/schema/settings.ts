import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value settings (SEASON, ...). A missing SEASON row means the default, night. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
