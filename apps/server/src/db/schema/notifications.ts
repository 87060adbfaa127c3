import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per recipient: the events that raise notifications fan out to the staff whose permission
 * concerns them (modules/notifications/recipients.ts), so read state is per recipient. (user_id null
 * rows of earlier versions are for everyone and count as read.)
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** English, rendered; `template` and `params` translate it in the reader's language. */
    message: text('message').notNull(),
    template: text('template'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    /** What raised it (late_booking, new_passenger, …): the page's filter. */
    kind: text('kind').notNull().default('general'),
    /** Where a click leads (a console path). */
    link: text('link'),
    color: text('color').notNull().default('green'),
    icon: text('icon').notNull().default('mdi-bell'),
    datetime: timestamp('datetime', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_datetime_idx').on(t.userId, t.datetime),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
