import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** user_id null = for every staff member. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    color: text('color').notNull().default('green'),
    icon: text('icon').notNull().default('mdi-bell'),
    datetime: timestamp('datetime', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_datetime_idx').on(t.userId, t.datetime)],
);
