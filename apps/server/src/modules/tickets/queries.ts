import { type Paginated, TICKET_QUEUE_LIMIT, type TicketDto, type TicketStatus, takesTicketsRole } from '@taxi/shared';
import { and, asc, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, selectRows } from '../../db/client';
import { tickets, ticketTypes, users } from '../../db/schema';
import { type KeysetKey, keysetOrder } from '../../http/csv';
import { paginate } from '../../http/pagination';

export const assignees = alias(users, 'assignee');

/** The columns of a ticket as the queue, the monitoring and the events show it. */
export const briefColumns = {
  ticket: tickets,
  typeTitle: ticketTypes.title,
  assigneeFirst: assignees.firstName,
  assigneeLast: assignees.lastName,
};
type BriefRow = {
  ticket: typeof tickets.$inferSelect;
  typeTitle: string;
  assigneeFirst: string | null;
  assigneeLast: string | null;
};

export function presentTicket(r: BriefRow): TicketDto {
  const t = r.ticket;
  const author =
    t.authorFirstName || t.authorLastName ? { first_name: t.authorFirstName, last_name: t.authorLastName } : null;
  return {
    id: t.id,
    type: { id: t.typeId, title: r.typeTitle },
    author,
    author_type: t.authorType,
    subject: t.subjectName,
    subject_type: t.subjectType,
    subject_id: t.subjectId,
    status: t.status,
    assignee:
      t.assigneeId === null
        ? null
        : { id: t.assigneeId, name: `${r.assigneeFirst ?? ''} ${r.assigneeLast ?? ''}`.trim() },
    booking_id: t.bookingId,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    sla_due_at: t.slaDueAt ? t.slaDueAt.toISOString() : null,
  };
}

const briefQuery = (db: DbOrTx) =>
  db
    .select(briefColumns)
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.typeId))
    .leftJoin(assignees, eq(assignees.id, tickets.assigneeId));

export async function ticketBrief(db: DbOrTx, id: number): Promise<TicketDto | null> {
  const [row] = await briefQuery(db).where(eq(tickets.id, id));
  return row ? presentTicket(row) : null;
}

/** The new-ticket dialog's queue: the oldest PENDING tickets first (the partial index tickets_pending_idx). */
export async function pendingQueue(db: DbOrTx): Promise<{ tickets: TicketDto[]; total: number }> {
  const pending = eq(tickets.status, 'PENDING');
  const [rows, [{ n }]] = await Promise.all([
    briefQuery(db).where(pending).orderBy(asc(tickets.id)).limit(TICKET_QUEUE_LIMIT),
    db.select({ n: count() }).from(tickets).where(pending),
  ]);
  return { tickets: rows.map(presentTicket), total: n };
}

export interface TicketFilters {
  status?: TicketStatus;
  type_id?: number;
  assignee_id?: number;
  /** Created at least this many hours ago. */
  age?: number;
  /** Open tickets past their SLA, most overdue first. */
  overdue?: boolean;
}

/** Beyond this many matches the monitoring stops counting (the pager then offers one more page at a time). */
export const TICKET_COUNT_CAP = 10_000;

/** The monitoring's filters as SQL, each on its index (GET tickets and its CSV export). */
export function ticketWhere(filters: TicketFilters, now: Date): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(tickets.status, filters.status));
  if (filters.type_id) where.push(eq(tickets.typeId, filters.type_id));
  if (filters.assignee_id) where.push(eq(tickets.assigneeId, filters.assignee_id));
  if (filters.age) where.push(lt(tickets.createdAt, new Date(now.getTime() - filters.age * 3600_000)));
  if (filters.overdue) {
    // Written as the partial index's predicate so that the planner uses tickets_open_due_idx.
    where.push(sql`${tickets.status} in ('PENDING', 'ASSIGNED', 'IN_PROGRESS')`);
    where.push(lt(tickets.slaDueAt, now));
  }
  return where.length ? and(...where) : undefined;
}

/** The monitoring's order: newest first; overdue, most overdue first (the filter leaves no null due date). */
export const ticketOrderKeys = (overdue: boolean | undefined): KeysetKey[] =>
  overdue
    ? [
        { expr: tickets.slaDueAt, descending: false, notNull: true },
        { expr: tickets.id, descending: false },
      ]
    : [{ expr: tickets.id, descending: true }];

/** GET tickets: the monitoring's page, newest first (overdue: most overdue first), each filter on its index. */
export async function listTickets(
  db: DbOrTx,
  filters: TicketFilters,
  page: { page: number; perPage: number; url?: string },
  now: Date,
): Promise<Paginated<TicketDto>> {
  const condition = ticketWhere(filters, now);
  const order = keysetOrder(ticketOrderKeys(filters.overdue));
  return paginate(
    {
      count: async () => {
        const [row] = await selectRows<{ n: number | string }>(
          db,
          sql`select count(*) as n from (select 1 from ${tickets} ${condition ? sql`where ${condition}` : sql``} limit ${TICKET_COUNT_CAP}) capped`,
        );
        return Number(row.n);
      },
      rows: async (limit, offset) =>
        (
          await briefQuery(db)
            .where(condition)
            .orderBy(...order)
            .limit(limit)
            .offset(offset)
        ).map(presentTicket),
      countCap: TICKET_COUNT_CAP,
    },
    page,
  );
}

/**
 * Active staff who take tickets (the policy's rule on their first role): the consoles that get 'new ticket'
 * and 'dismiss ticket' and the new_ticket notification. Airport roles and the Goverment role never.
 */
export async function ticketTakers(db: DbOrTx): Promise<number[]> {
  const rows = await selectRows<{ id: number; role_id: number; role_name: string; permissions: string[] }>(
    db,
    sql`select u.id, r.id as role_id, r.name as role_name,
      coalesce(array_agg(p.name) filter (where p.name is not null), '{}') as permissions
    from users u
    join lateral (
      select ur.role_id from user_roles ur where ur.user_id = u.id order by ur.position, ur.role_id limit 1
    ) first_role on true
    join roles r on r.id = first_role.role_id
    left join role_permissions rp on rp.role_id = r.id
    left join permissions p on p.id = rp.permission_id
    where u.active
    group by u.id, r.id, r.name
    order by u.id`,
  );
  return rows.filter((r) => takesTicketsRole(r.role_name, Number(r.role_id), r.permissions)).map((r) => Number(r.id));
}

/** Names of users by id. */
export async function userNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}
