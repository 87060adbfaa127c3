import { type ConversationKind, phoneSearch } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client';
import { phoneMatch } from '../../db/phone-match';

export interface ConversationListRow {
  id: number;
  kind: ConversationKind;
  captain_id: number | null;
  passenger_id: number | null;
  booking_id: number | null;
  last_message_id: number | null;
  last_message_at: Date | string | null;
  captain_name: string | null;
  captain_phone: string | null;
  passenger_name: string | null;
  passenger_phone: string | null;
  unread: number;
}

export interface ConversationFilters {
  kind?: ConversationKind;
  search?: string;
  /** Only conversations with something unread for the reader. */
  unreadOnly?: boolean;
}

/**
 * Messages from the captain or the passenger that the reader has not seen (staff share the inbox, so
 * their own and their colleagues' messages are not "new"): a subtraction of two counters, never a scan.
 */
const unreadOf = (userId: number) => sql`greatest(c.inbound_count - coalesce((
  select r.inbound_seen from conversation_reads r
  where r.conversation_id = c.id and r.reader_kind = 'user' and r.reader_id = ${userId}), 0), 0)`;

function whereOf(filters: ConversationFilters, userId: number) {
  const parts = [sql`c.last_message_id is not null`];
  if (filters.kind) parts.push(sql`c.kind = ${filters.kind}`);
  const search = filters.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const id = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : -1;
    // a phone number in any form (phoneSearch) among the captain's and the passenger's numbers
    const phone = phoneSearch(search);
    const phones = phone
      ? sql` or ${phoneMatch(sql`cap.phone_number`, phone)} or ${phoneMatch(sql`pas.phone_number`, phone)}`
      : sql``;
    parts.push(sql`(
      c.booking_id = ${id}
      or (cap.first_name || ' ' || cap.last_name) ilike ${like}
      or (pas.first_name || ' ' || pas.last_name) ilike ${like}${phones})`);
  }
  if (filters.unreadOnly) parts.push(sql`${unreadOf(userId)} > 0`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from conversations c
  left join captains cap on cap.id = c.captain_id
  left join passengers pas on pas.id = c.passenger_id`;

const SELECT = (userId: number) => sql`
  select c.id, c.kind, c.captain_id, c.passenger_id, c.booking_id, c.last_message_id, c.last_message_at,
    nullif(trim(cap.first_name || ' ' || cap.last_name), '') as captain_name, cap.phone_number as captain_phone,
    nullif(trim(pas.first_name || ' ' || pas.last_name), '') as passenger_name, pas.phone_number as passenger_phone,
    ${unreadOf(userId)} as unread
  ${FROM}`;

/** The inbox: conversations with at least one message, the newest first, with the reader's unread counts. */
export async function listConversations(
  db: DbOrTx,
  userId: number,
  filters: ConversationFilters,
  limit: number,
  offset: number,
): Promise<ConversationListRow[]> {
  return selectRows<ConversationListRow>(
    db,
    sql`${SELECT(userId)} where ${whereOf(filters, userId)}
    order by c.last_message_at desc, c.id desc
    limit ${limit} offset ${offset}`,
  );
}

export async function countConversations(db: DbOrTx, userId: number, filters: ConversationFilters): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${FROM} where ${whereOf(filters, userId)}`,
  );
  return Number(row.n);
}

/** One conversation as the inbox shows it (any, even without messages yet). */
export async function findConversation(db: DbOrTx, userId: number, id: number): Promise<ConversationListRow | null> {
  const [row] = await selectRows<ConversationListRow>(db, sql`${SELECT(userId)} where c.id = ${id}`);
  return row ?? null;
}

/**
 * The conversation of this kind with this captain, passenger or booking, made when there is none yet
 * (the partial unique indexes make two concurrent openings meet on one row).
 */
export async function openConversation(
  db: DbOrTx,
  kind: ConversationKind,
  ids: { captainId?: number | null; passengerId?: number | null; bookingId?: number | null },
): Promise<number> {
  const key = kind === 'captain' ? 'captain_id' : kind === 'passenger' ? 'passenger_id' : 'booking_id';
  const value = kind === 'captain' ? ids.captainId : kind === 'passenger' ? ids.passengerId : ids.bookingId;
  const inserted = await selectRows<{ id: number }>(
    db,
    sql`
    insert into conversations (kind, captain_id, passenger_id, booking_id)
    values (${kind}, ${ids.captainId ?? null}, ${ids.passengerId ?? null}, ${ids.bookingId ?? null})
    on conflict (${sql.raw(key)}) where kind = ${sql.raw(`'${kind}'`)} do nothing
    returning id`,
  );
  if (inserted.length) {
    const id = Number(inserted[0].id);
    // The captain's row names their conversation (captains.conversation_id): the card's captain chat.
    if (kind === 'captain')
      await db.execute(sql`update captains set conversation_id = ${String(id)} where id = ${ids.captainId ?? null}`);
    return id;
  }
  const [existing] = await selectRows<{ id: number }>(
    db,
    sql`select id from conversations where kind = ${kind} and ${sql.raw(key)} = ${value ?? null}`,
  );
  return Number(existing.id);
}

/**
 * The unread poll in one statement: the unread messages of the reader's newest `limit` conversations
 * (the console's first pages), summed. Each conversation costs a subtraction.
 */
export async function unreadInNewest(db: DbOrTx, userId: number, limit: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select coalesce(sum(u), 0)::int as n from (
      select ${unreadOf(userId)} as u from conversations c
      where c.last_message_id is not null
      order by c.last_message_at desc, c.id desc
      limit ${limit}) newest`,
  );
  return Number(row.n);
}
