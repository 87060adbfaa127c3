import { EVENTS, type NotificationItem } from '@taxi/shared';
import { count, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { paginate } from '../../http/pagination';
import type { Realtime } from '../../realtime';

type Row = typeof notifications.$inferSelect;

export function presentNotification(row: Row): NotificationItem {
  return { id: row.id, message: row.message, color: row.color, icon: row.icon, datetime: row.datetime.toISOString() };
}

export interface NewNotification {
  /** null = every staff member */
  userId: number | null;
  message: string;
  color?: string;
  icon?: string;
}

/**
 * Called once a notification is stored and emitted (the push module's delivery): `userId` as created, null
 * for every staff member. A hook returns at once and never throws; its work runs on its own.
 */
export type NotificationCreatedHook = (item: NotificationItem, userId: number | null) => void;

export class NotificationService {
  private readonly createdHooks: NotificationCreatedHook[] = [];

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
  ) {}

  /** Stores the notification, then (after commit) emits `new notification`. */
  async create(input: NewNotification): Promise<NotificationItem> {
    const [row] = await this.db
      .insert(notifications)
      .values({ userId: input.userId, message: input.message, color: input.color, icon: input.icon })
      .returning();
    const item = presentNotification(row);
    if (input.userId === null) this.realtime.emitToUsers(EVENTS.newNotification, item);
    else this.realtime.emitToUser(input.userId, EVENTS.newNotification, item);
    for (const hook of this.createdHooks) hook(item, input.userId);
    return item;
  }

  /** Registers a hook run after each notification is stored (modules after this one, in their setup). */
  onCreated(hook: NotificationCreatedHook): void {
    this.createdHooks.push(hook);
  }

  /** The user's latest notifications (own and broadcast), newest first. */
  list(userId: number, opts: { page: number; perPage: number; url?: string }) {
    const where = or(eq(notifications.userId, userId), isNull(notifications.userId));
    return paginate(
      {
        count: async () => (await this.db.select({ n: count() }).from(notifications).where(where))[0].n,
        rows: async (limit, offset) =>
          (
            await this.db
              .select()
              .from(notifications)
              .where(where)
              .orderBy(desc(notifications.datetime), desc(notifications.id))
              .limit(limit)
              .offset(offset)
          ).map(presentNotification),
      },
      opts,
    );
  }
}
