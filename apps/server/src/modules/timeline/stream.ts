import {
  AI_ACTOR_ID,
  AI_ACTOR_NAME,
  TIMELINE_KINDS,
  TIMELINE_PATTERNS,
  type TimelineItemDto,
  type TimelineKind,
  timelineKind,
} from '@taxi/shared';
import { and, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

const matches = (column: PgColumn, pattern: string) => sql`${column} ~* ${pattern}`;
const notMatches = (column: PgColumn, pattern: string) => sql`${column} !~* ${pattern}`;

/** The SQL of one kind: the same patterns `timelineKind` reads (packages/shared/src/timeline.ts). */
function kindCondition(kind: TimelineKind): SQL {
  const p = TIMELINE_PATTERNS;
  const booking = eq(auditLog.entity, 'booking');
  switch (kind) {
    case 'complaint':
      return matches(auditLog.entity, p.complaint.entity);
    case 'ticket':
      return matches(auditLog.entity, p.ticket.entity);
    case 'cancellation':
      return and(booking, matches(auditLog.action, p.cancellation.action)) as SQL;
    case 'dispatch':
      return and(
        booking,
        notMatches(auditLog.action, p.cancellation.action),
        matches(auditLog.action, p.dispatch.action),
      ) as SQL;
    case 'booking':
      return and(
        booking,
        notMatches(auditLog.action, p.cancellation.action),
        notMatches(auditLog.action, p.dispatch.action),
      ) as SQL;
    case 'staff':
      return and(
        sql`${auditLog.entity} <> 'booking'`,
        notMatches(auditLog.entity, p.complaint.entity),
        notMatches(auditLog.entity, p.ticket.entity),
      ) as SQL;
  }
}

export interface StreamQuery {
  kinds: readonly TimelineKind[];
  before?: number;
  after?: number;
  limit: number;
}

/** The kinds asked for and the id range, as SQL (GET timeline and its CSV export); the kinds are not empty. */
export function timelineWhere(q: Omit<StreamQuery, 'limit'>): SQL | undefined {
  const kinds = q.kinds.length === TIMELINE_KINDS.length ? undefined : or(...q.kinds.map(kindCondition));
  return and(
    kinds,
    q.before === undefined ? undefined : lt(auditLog.id, q.before),
    q.after === undefined ? undefined : gt(auditLog.id, q.after),
  );
}

/** An audit row with its actor's name. */
export const timelineColumns = { log: auditLog, first: users.firstName, last: users.lastName };

/** An audit row as the timeline shows it. */
export function presentTimelineRow({
  log,
  first,
  last,
}: {
  log: typeof auditLog.$inferSelect;
  first: string | null;
  last: string | null;
}): TimelineItemDto {
  return {
    id: log.id,
    at: log.createdAt.toISOString(),
    kind: timelineKind(log.entity, log.action),
    entity: log.entity,
    entity_id: log.entityId,
    action: log.action,
    actor: log.actorId === AI_ACTOR_ID ? AI_ACTOR_NAME : first ? `${first} ${last ?? ''}`.trim() : null,
    booking_id: log.entity === 'booking' && log.entityId && /^\d+$/.test(log.entityId) ? Number(log.entityId) : null,
  };
}

/**
 * The audit trail newest first, as timeline rows: keyset on the id (ids grow with time), filtered by
 * kind in SQL so a page is `limit` rows of the asked kinds however rare they are.
 */
export async function timelinePage(
  db: Db,
  q: StreamQuery,
): Promise<{ items: TimelineItemDto[]; next_before: number | null }> {
  if (q.kinds.length === 0) return { items: [], next_before: null };
  const rows = await db
    .select(timelineColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(timelineWhere(q))
    .orderBy(desc(auditLog.id))
    .limit(q.limit + 1);
  const items = rows.slice(0, q.limit).map(presentTimelineRow);
  const more = rows.length > q.limit;
  return { items, next_before: more ? (items.at(-1)?.id ?? null) : null };
}
