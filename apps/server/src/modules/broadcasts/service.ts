import {
  type BroadcastDto,
  type BroadcastPreviewDto,
  type BroadcastTarget,
  type BroadcastTargetsDto,
  type DeliveryCounts,
  type Paginated,
  targetCode,
} from '@taxi/shared';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, broadcasts, captainDeliveries, services, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import type { CityService } from '../city/service';
import type { FleetRules } from '../fleet/rules';
import { Audience } from './audience';
import type { CaptainInboxService } from './inbox';

export interface SendInput {
  body: string;
  target: BroadcastTarget;
  /** A `numbers` target's phone numbers (read into its captains before the message is written). */
  phoneNumbers?: readonly string[];
  /** Who sends (null: the server, for a scheduled run whose author is gone). */
  actorId: number | null;
  /** One run of a scheduled message: sent at most once per message and run time. */
  run?: { scheduledMessageId: number; scheduledFor: Date };
}

export interface BroadcastDeps {
  db: Db;
  clock: Clock;
  city: CityService;
  inbox: CaptainInboxService;
  /** The vehicle types of each service, as dispatch reads them. */
  fleet?: FleetRules;
}

const NO_COUNTS: DeliveryCounts = { targeted: 0, delivered: 0, read: 0 };

/**
 * Broadcasts: a message to the captains a target reaches now, written to their inboxes in the same
 * transaction as its row; its counts (targeted, delivered, read) are read from the inboxes.
 */
export class BroadcastService {
  readonly audience: Audience;

  constructor(private readonly deps: BroadcastDeps) {
    this.audience = new Audience({ city: deps.city, fleet: deps.fleet });
  }

  /** GET broadcast/targets: the sectors and the active services. */
  async targets(): Promise<BroadcastTargetsDto> {
    const serviceRows = await this.deps.db
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.active, true))
      .orderBy(asc(services.id));
    return { sectors: this.deps.city.sectors().map(({ id, name }) => ({ id, name })), services: serviceRows };
  }

  /** GET broadcast/preview: how many captains the target reaches now. */
  async preview(target: BroadcastTarget): Promise<BroadcastPreviewDto> {
    const ids = await this.audience.captainIds(this.deps.db, target);
    return { target: targetCode(target), captains: ids.length };
  }

  /** POST broadcast: sends now; the broadcast with its counts. */
  async send(input: SendInput): Promise<BroadcastDto> {
    const target = await this.audience.listed(this.deps.db, input.target, input.phoneNumbers ?? []);
    const id = await this.deps.db.transaction((tx) => this.sendIn(tx, { ...input, target }));
    if (id === null) throw notFound();
    return this.get(id);
  }

  /**
   * Within the caller's transaction: the broadcast row, then one inbox row per captain the target reaches.
   * Returns the broadcast's id, or null when this run of a scheduled message was already sent.
   */
  async sendIn(tx: Tx, input: SendInput): Promise<number | null> {
    const named = await this.audience.named(tx, input.target);
    const now = dateOf(this.deps.clock);
    const source = input.run ? ('scheduled' as const) : ('broadcast' as const);
    const [row] = await tx
      .insert(broadcasts)
      .values({
        body: input.body,
        targetKind: named.kind,
        targetId: named.id,
        targetName: named.name,
        source,
        scheduledMessageId: input.run?.scheduledMessageId ?? null,
        scheduledFor: input.run?.scheduledFor ?? null,
        createdBy: input.actorId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: broadcasts.id });
    if (!row) return null;
    const captainIds = await this.audience.captainIds(tx, input.target);
    const counts = await this.deps.inbox.deliver(
      captainIds,
      { kind: source, sourceId: row.id, body: input.body },
      tx,
      now,
    );
    await tx.insert(auditLog).values({
      actorId: input.actorId,
      action: 'broadcast.send',
      entity: 'broadcast',
      entityId: String(row.id),
      after: { target: targetCode(input.target), body: input.body, ...counts },
    });
    return row.id;
  }

  /** GET broadcast/{id}. */
  async get(id: number): Promise<BroadcastDto> {
    const [dto] = await this.present(this.deps.db, await this.rows(this.deps.db, { id }, 1, 0));
    if (!dto) throw notFound();
    return dto;
  }

  /** GET broadcast (newest first), or the runs of one scheduled message. */
  history(
    paging: { page: number; perPage: number; url?: string },
    filter: { scheduledMessageId?: number } = {},
  ): Promise<Paginated<BroadcastDto>> {
    const { db } = this.deps;
    const where =
      filter.scheduledMessageId === undefined
        ? undefined
        : eq(broadcasts.scheduledMessageId, filter.scheduledMessageId);
    return paginate(
      {
        count: async () => (await db.select({ n: count() }).from(broadcasts).where(where))[0].n,
        rows: async (limit, offset) => this.present(db, await this.rows(db, { where }, limit, offset)),
      },
      paging,
    );
  }

  private rows(db: DbOrTx, filter: { id?: number; where?: SQL }, limit: number, offset: number) {
    const where = filter.id === undefined ? filter.where : eq(broadcasts.id, filter.id);
    return db
      .select({ broadcast: broadcasts, first: users.firstName, last: users.lastName })
      .from(broadcasts)
      .leftJoin(users, eq(users.id, broadcasts.createdBy))
      .where(where)
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .limit(limit)
      .offset(offset);
  }

  /** Delivery counts of these broadcasts, in one grouped read of the inboxes. */
  async counts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, DeliveryCounts>> {
    const out = new Map<number, DeliveryCounts>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({
        id: captainDeliveries.sourceId,
        targeted: count(),
        delivered: count(captainDeliveries.deliveredAt),
        read: count(captainDeliveries.readAt),
      })
      .from(captainDeliveries)
      .where(
        and(
          inArray(captainDeliveries.sourceKind, ['broadcast', 'scheduled']),
          inArray(captainDeliveries.sourceId, [...ids]),
        ),
      )
      .groupBy(captainDeliveries.sourceId);
    for (const r of rows) out.set(r.id, { targeted: r.targeted, delivered: r.delivered, read: r.read });
    return out;
  }

  private async present(
    db: DbOrTx,
    rows: { broadcast: typeof broadcasts.$inferSelect; first: string | null; last: string | null }[],
  ): Promise<BroadcastDto[]> {
    const counts = await this.counts(
      db,
      rows.map((r) => r.broadcast.id),
    );
    return rows.map(({ broadcast: b, first, last }) => ({
      id: b.id,
      body: b.body,
      target: targetCode({ kind: b.targetKind, id: b.targetId }),
      target_kind: b.targetKind,
      target_id: b.targetId,
      target_name: b.targetName,
      source: b.source,
      scheduled_message_id: b.scheduledMessageId,
      sender: first === null ? null : `${first} ${last ?? ''}`.trim(),
      created_at: b.createdAt.toISOString(),
      counts: counts.get(b.id) ?? NO_COUNTS,
    }));
  }
}
