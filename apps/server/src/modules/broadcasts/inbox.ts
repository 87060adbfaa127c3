import type { DeliverySource } from '@taxi/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { intArray } from '../../db/number-arrays';
import { announcements, captainDeliveries, captains } from '../../db/schema';
import { type Clock, dateOf } from '../../lib/clock';

/** What is delivered: where it comes from and its text. */
export interface InboxMessage {
  kind: DeliverySource;
  sourceId: number;
  body: string;
}

export type InboxEntry = typeof captainDeliveries.$inferSelect;

/** An announcement as the captain app shows it. */
export interface CaptainAnnouncement {
  id: number;
  title: string;
  body: string;
  validFrom: Date;
  validUntil: Date;
}

/** Captains per INSERT … SELECT: 5,000 captains are five statements. */
export const DELIVERY_BATCH = 1000;

/**
 * The captain app's inbox (there is no real captain app: the simulator plays it through this service).
 * A message is delivered to a list of captains in set-based batches; a captain whose app is connected
 * (online) receives it at once, the others when their app next fetches what is pending.
 */
export class CaptainInboxService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private now(): Date {
    return dateOf(this.deps.clock);
  }

  /**
   * One inbox row per captain (a captain already holding this message keeps their row); `delivered_at` is
   * set for the captains online now. Runs in `db` (a caller's transaction). Returns the rows written and
   * how many of them reached a connected app.
   */
  async deliver(
    captainIds: readonly number[],
    message: InboxMessage,
    db: DbOrTx = this.deps.db,
    now: Date = this.now(),
  ): Promise<{ targeted: number; delivered: number }> {
    const ids = [...new Set(captainIds)];
    let targeted = 0;
    let delivered = 0;
    for (let i = 0; i < ids.length; i += DELIVERY_BATCH) {
      const batch = ids.slice(i, i + DELIVERY_BATCH);
      const at = now.toISOString();
      // One statement per batch: the captains' own rows decide who is connected, nothing comes back but counts.
      const result = await db.execute(sql`
        WITH written AS (
          INSERT INTO ${captainDeliveries} (captain_id, source_kind, source_id, body, created_at, delivered_at)
          SELECT c.id, ${message.kind}::text, ${message.sourceId}::int, ${message.body}::text, ${at}::timestamptz,
            CASE WHEN c.online THEN ${at}::timestamptz END
          FROM ${captains} c
          WHERE c.id = ANY(${intArray(batch)})
          ON CONFLICT DO NOTHING
          RETURNING delivered_at
        )
        SELECT count(*)::int AS targeted, count(delivered_at)::int AS delivered FROM written`);
      const [counts] = (result as unknown as { rows: { targeted: number; delivered: number }[] }).rows;
      targeted += counts.targeted;
      delivered += counts.delivered;
    }
    return { targeted, delivered };
  }

  /**
   * A personal message to each captain (one text per captain: a survey's answer code, a decision on their
   * request), written as `deliver` writes: received at once by a connected app. Returns the same counts.
   */
  async deliverEach(
    entries: readonly { captainId: number; body: string }[],
    source: { kind: DeliverySource; sourceId: number },
    db: DbOrTx = this.deps.db,
    now: Date = this.now(),
  ): Promise<{ targeted: number; delivered: number }> {
    let targeted = 0;
    let delivered = 0;
    for (let i = 0; i < entries.length; i += DELIVERY_BATCH) {
      const batch = entries.slice(i, i + DELIVERY_BATCH);
      const online = await db
        .select({ id: captains.id, online: captains.online })
        .from(captains)
        .where(
          inArray(
            captains.id,
            batch.map((e) => e.captainId),
          ),
        );
      const onlineOf = new Map(online.map((c) => [c.id, c.online]));
      const rows = batch
        .filter((e) => onlineOf.has(e.captainId))
        .map((e) => ({
          captainId: e.captainId,
          sourceKind: source.kind,
          sourceId: source.sourceId,
          body: e.body,
          createdAt: now,
          deliveredAt: onlineOf.get(e.captainId) ? now : null,
        }));
      if (rows.length === 0) continue;
      const written = await db
        .insert(captainDeliveries)
        .values(rows)
        .onConflictDoNothing()
        .returning({ deliveredAt: captainDeliveries.deliveredAt });
      targeted += written.length;
      delivered += written.filter((w) => w.deliveredAt !== null).length;
    }
    return { targeted, delivered };
  }

  /** What the captain's app has not received yet, oldest first. */
  pending(captainId: number, db: DbOrTx = this.deps.db): Promise<InboxEntry[]> {
    return db
      .select()
      .from(captainDeliveries)
      .where(and(eq(captainDeliveries.captainId, captainId), isNull(captainDeliveries.deliveredAt)))
      .orderBy(asc(captainDeliveries.createdAt), asc(captainDeliveries.id));
  }

  /** Received but not read yet, oldest first. */
  unread(captainId: number, db: DbOrTx = this.deps.db): Promise<InboxEntry[]> {
    return db
      .select()
      .from(captainDeliveries)
      .where(
        and(
          eq(captainDeliveries.captainId, captainId),
          isNotNull(captainDeliveries.deliveredAt),
          isNull(captainDeliveries.readAt),
        ),
      )
      .orderBy(asc(captainDeliveries.createdAt), asc(captainDeliveries.id));
  }

  /** The captain's newest messages. */
  latest(captainId: number, limit = 50): Promise<InboxEntry[]> {
    return this.deps.db
      .select()
      .from(captainDeliveries)
      .where(eq(captainDeliveries.captainId, captainId))
      .orderBy(desc(captainDeliveries.createdAt), desc(captainDeliveries.id))
      .limit(limit);
  }

  /** The captain's app received these (its own rows only); returns how many changed. */
  async markDelivered(captainId: number, ids: readonly number[], now: Date = this.now()): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.deps.db
      .update(captainDeliveries)
      .set({ deliveredAt: now })
      .where(
        and(
          eq(captainDeliveries.captainId, captainId),
          inArray(captainDeliveries.id, [...ids]),
          isNull(captainDeliveries.deliveredAt),
        ),
      )
      .returning({ id: captainDeliveries.id });
    return rows.length;
  }

  /** The captain read these (received by then, if the app had not said so); returns how many changed. */
  async markRead(captainId: number, ids: readonly number[], now: Date = this.now()): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.deps.db
      .update(captainDeliveries)
      .set({
        readAt: now,
        deliveredAt: sql`coalesce(${captainDeliveries.deliveredAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(captainDeliveries.captainId, captainId),
          inArray(captainDeliveries.id, [...ids]),
          isNull(captainDeliveries.readAt),
        ),
      )
      .returning({ id: captainDeliveries.id });
    return rows.length;
  }

  /**
   * The announcements the captain's app shows at `now`: published, valid from at or before it and valid
   * until after it, newest first. None for an unknown or inactive captain.
   */
  async announcementsFor(captainId: number, now: Date = this.now()): Promise<CaptainAnnouncement[]> {
    const [captain] = await this.deps.db
      .select({ active: captains.active })
      .from(captains)
      .where(eq(captains.id, captainId));
    if (!captain?.active) return [];
    return this.deps.db
      .select({
        id: announcements.id,
        title: announcements.title,
        body: announcements.body,
        validFrom: announcements.validFrom,
        validUntil: announcements.validUntil,
      })
      .from(announcements)
      .where(
        and(eq(announcements.published, true), lte(announcements.validFrom, now), gt(announcements.validUntil, now)),
      )
      .orderBy(desc(announcements.validFrom), desc(announcements.id));
  }

  /**
   * The app shows the valid announcements and the inbox keeps a received row of each (kind `announcement`,
   * once per captain), so who saw an announcement is known.
   */
  async receiveAnnouncements(captainId: number, now: Date = this.now()): Promise<CaptainAnnouncement[]> {
    const list = await this.announcementsFor(captainId, now);
    if (list.length === 0) return list;
    await this.deps.db
      .insert(captainDeliveries)
      .values(
        list.map((a) => ({
          captainId,
          sourceKind: 'announcement' as const,
          sourceId: a.id,
          body: a.title,
          createdAt: now,
          deliveredAt: now,
        })),
      )
      .onConflictDoNothing();
    return list;
  }
}
