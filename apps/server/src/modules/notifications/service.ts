import { EVENTS, NOTIFICATION_LOOK, type NotificationItem, type NotificationKind } from '@taxi/shared';
import { interpolate, type TextVars } from '@taxi/shared/i18n';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import { usersHolding } from './recipients';

type Row = typeof notifications.$inferSelect;

export function presentNotification(row: Row): NotificationItem {
  return {
    id: row.id,
    message: row.message,
    template: row.template,
    params: row.params ?? null,
    kind: row.kind as NotificationKind,
    link: row.link,
    color: row.color,
    icon: row.icon,
    datetime: row.datetime.toISOString(),
    // Rows of earlier versions addressed to everyone have no per-recipient state: read.
    read: row.readAt !== null || row.userId === null,
  };
}

export interface RaiseNotification {
  kind: NotificationKind;
  /** English template (NOTIFICATION_TEMPLATES) and its values. */
  template: string;
  params?: Record<string, string | number>;
  link?: string;
  /** Named recipients; without them, the holders of the kind's permission. */
  userIds?: readonly number[];
  /** Every staff member (airport roles aside). */
  everyone?: boolean;
  /** Another colour or icon than the kind's. */
  look?: { color?: string; icon?: string };
}

const stripUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export interface NotificationFilters {
  kind?: NotificationKind;
  /** true: unread only; false: read only. */
  unread?: boolean;
  from?: Date;
  /** Exclusive: the end of the last day asked for. */
  to?: Date;
}

/**
 * Called once a notification is stored and emitted, per recipient (the push module's delivery). A hook
 * returns at once and never throws; its work runs on its own.
 */
export type NotificationCreatedHook = (item: NotificationItem, userId: number | null) => void;

/**
 * Notifications per recipient (shell.md §2.7, §4): `raise` fans an event out to its recipients (one row
 * each, so each has their own read state) and sends `new notification` to each one's consoles.
 */
export class NotificationService {
  private readonly listeners: NotificationCreatedHook[] = [];

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly clock: Clock,
  ) {}

  onCreated(listener: NotificationCreatedHook): void {
    this.listeners.push(listener);
  }

  /** A plain notification to one user (or, with null, every staff member): for tools and tests. */
  async create(input: {
    userId: number | null;
    message: string;
    color?: string;
    icon?: string;
  }): Promise<NotificationItem | undefined> {
    const items = await this.raise({
      kind: 'general',
      template: input.message,
      userIds: input.userId === null ? undefined : [input.userId],
      everyone: input.userId === null,
      look: { color: input.color, icon: input.icon },
    });
    return items[0];
  }

  /** Stores one row per recipient, then tells each one's consoles. Returns what was raised. */
  async raise(input: RaiseNotification, db: DbOrTx = this.db): Promise<NotificationItem[]> {
    const look = { ...NOTIFICATION_LOOK[input.kind], ...stripUndefined(input.look ?? {}) };
    const recipients = input.userIds
      ? [...new Set(input.userIds)]
      : look.permission || input.everyone
        ? await usersHolding(db, input.everyone ? null : look.permission)
        : [];
    if (recipients.length === 0) return [];
    const message = interpolate(input.template, input.params as TextVars | undefined);
    const rows = await db
      .insert(notifications)
      .values(
        recipients.map((userId) => ({
          userId,
          message,
          template: input.template,
          params: input.params ?? null,
          kind: input.kind,
          link: input.link ?? null,
          color: look.color,
          icon: look.icon,
          datetime: dateOf(this.clock),
        })),
      )
      .returning();
    const items = rows.map(presentNotification);
    rows.forEach((row, i) => {
      this.realtime.emitToUser(row.userId as number, EVENTS.newNotification, items[i]);
      for (const listener of this.listeners) listener(items[i], row.userId);
    });
    return items;
  }

  private visibleTo(userId: number, filters: NotificationFilters = {}): SQL {
    const parts: (SQL | undefined)[] = [or(eq(notifications.userId, userId), isNull(notifications.userId))];
    if (filters.kind) parts.push(eq(notifications.kind, filters.kind));
    if (filters.unread === true) parts.push(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    if (filters.unread === false)
      parts.push(
        or(isNull(notifications.userId), and(eq(notifications.userId, userId), isNotNull(notifications.readAt))),
      );
    if (filters.from) parts.push(gte(notifications.datetime, filters.from));
    if (filters.to) parts.push(lt(notifications.datetime, filters.to));
    return and(...parts) as SQL;
  }

  /** The user's notifications (own and, from earlier versions, everyone's), newest first. */
  list(userId: number, opts: { page: number; perPage: number; url?: string } & NotificationFilters) {
    const where = this.visibleTo(userId, opts);
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

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row.n;
  }

  /** Marks the user's own notifications read: these ids, or all of them. Returns how many changed. */
  async markRead(userId: number, ids: readonly number[] | 'all'): Promise<number> {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const rows = await this.db
      .update(notifications)
      .set({ readAt: dateOf(this.clock) })
      .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, [...ids])))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
