import {
  type AccountEntryType,
  type CaptainSortKey,
  LOYALTY_CLASSES,
  type PassengerSortKey,
  phoneSearch,
} from '@taxi/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { phoneMatch } from '../../db/phone-match';
import { captains, cars, passengers } from '../../db/schema';

/** Escapes LIKE wildcards so a search term is matched literally. */
export const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Prefix search on expressions that have a text_pattern_ops index each (migration 0003), so a bitmap OR
 * of index scans answers it on 100,000 rows; a phone number in any form (phoneSearch: national, spaced,
 * international, a part) through the trigram indexes on the numbers' digits (0052).
 */
export function passengerSearch(term: string): SQL | undefined {
  const t = term.trim().toLowerCase();
  if (!t) return undefined;
  const p = likePrefix(t);
  const conds: SQL[] = [
    sql`lower(${passengers.firstName}) like ${p}`,
    sql`lower(${passengers.lastName}) like ${p}`,
    sql`(lower(${passengers.firstName} || ' ' || ${passengers.lastName})) like ${p}`,
    sql`lower(${passengers.email}) like ${p}`,
  ];
  const phone = phoneSearch(t);
  if (phone) conds.push(phoneMatch(passengers.phoneNumber, phone), phoneMatch(passengers.whatsappNumber, phone));
  if (/^\d+$/.test(t)) conds.push(eq(passengers.id, Number(t) <= 2147483647 ? Number(t) : -1));
  return or(...conds);
}

export interface PassengerFilters {
  search?: string;
  loyalty_class?: string;
  approved?: boolean;
  registered?: boolean;
  has_documents?: boolean;
  /** The list's selection (its export): those rows of the filter only. */
  ids?: number[];
}

export function passengerWhere(f: PassengerFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.ids) conds.push(inArray(passengers.id, f.ids));
  if (f.search) conds.push(passengerSearch(f.search));
  if (f.loyalty_class === 'none') conds.push(sql`${passengers.activeLoyaltyClasses} = '[]'::jsonb`);
  else if (f.loyalty_class && (LOYALTY_CLASSES as readonly string[]).includes(f.loyalty_class)) {
    conds.push(sql`${passengers.activeLoyaltyClasses} @> ${JSON.stringify([f.loyalty_class])}::jsonb`);
  }
  if (f.approved !== undefined)
    conds.push(f.approved ? isNotNull(passengers.approvedAt) : isNull(passengers.approvedAt));
  if (f.registered !== undefined) conds.push(eq(passengers.registered, f.registered));
  if (f.has_documents !== undefined) {
    conds.push(
      f.has_documents
        ? or(isNotNull(passengers.idCardFront), isNotNull(passengers.idCardBack))
        : and(isNull(passengers.idCardFront), isNull(passengers.idCardBack)),
    );
  }
  return and(...conds);
}

/** The column of each sort key (PASSENGER_SORT_KEYS, the query's enum); a Map: no key reaches a prototype. */
export const PASSENGER_SORTS: ReadonlyMap<PassengerSortKey, PgColumn> = new Map(
  Object.entries({
    id: passengers.id,
    first_name: passengers.firstName,
    last_name: passengers.lastName,
    created_at: passengers.createdAt,
    approved_at: passengers.approvedAt,
  } satisfies Record<PassengerSortKey, PgColumn>) as [PassengerSortKey, PgColumn][],
);

export function passengerOrder(sortBy: PassengerSortKey | undefined, descending: boolean) {
  const column = PASSENGER_SORTS.get(sortBy ?? 'id') ?? passengers.id;
  return [descending ? desc(column) : asc(column), asc(passengers.id)];
}

export function captainSearch(term: string): SQL | undefined {
  const t = term.trim().toLowerCase();
  if (!t) return undefined;
  const p = likePrefix(t);
  const conds: SQL[] = [
    sql`lower(${captains.firstName}) like ${p}`,
    sql`lower(${captains.lastName}) like ${p}`,
    sql`(lower(${captains.firstName} || ' ' || ${captains.lastName})) like ${p}`,
    sql`lower(${captains.username}) like ${p}`,
  ];
  const phone = phoneSearch(t);
  if (phone) conds.push(phoneMatch(captains.phoneNumber, phone));
  if (/^\d+$/.test(t)) conds.push(eq(captains.id, Number(t) <= 2147483647 ? Number(t) : -1));
  // A car's plate (MC-00012, or part of it): plates carry digits, names do not. The cars table is small.
  if (t.length >= 3 && /\d/.test(t)) {
    const plate = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      sql`${captains.id} = ANY(ARRAY(select ${cars.captainId} from ${cars} where ${cars.number} ilike ${plate}))`,
    );
  }
  return or(...conds);
}

export interface CaptainFilters {
  search?: string;
  active?: boolean;
  registered?: boolean;
  online?: boolean;
  blocked?: boolean;
  /** The list's selection (its export): those rows of the filter only. */
  ids?: number[];
}

export function captainWhere(f: CaptainFilters, now: Date): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.ids) conds.push(inArray(captains.id, f.ids));
  if (f.search) conds.push(captainSearch(f.search));
  if (f.active !== undefined) conds.push(eq(captains.active, f.active));
  if (f.registered !== undefined) conds.push(eq(captains.registered, f.registered));
  if (f.online !== undefined) conds.push(eq(captains.online, f.online));
  if (f.blocked !== undefined) {
    conds.push(
      f.blocked ? gt(captains.blockedUntil, now) : or(isNull(captains.blockedUntil), lte(captains.blockedUntil, now)),
    );
  }
  return and(...conds);
}

/** The column of each sort key (CAPTAIN_SORT_KEYS, the query's enum); a Map: no key reaches a prototype. */
export const CAPTAIN_SORTS: ReadonlyMap<CaptainSortKey, PgColumn> = new Map(
  Object.entries({
    id: captains.id,
    first_name: captains.firstName,
    last_name: captains.lastName,
    created_at: captains.createdAt,
    blocked_until: captains.blockedUntil,
  } satisfies Record<CaptainSortKey, PgColumn>) as [CaptainSortKey, PgColumn][],
);

export function captainOrder(sortBy: CaptainSortKey | undefined, descending: boolean) {
  const column = CAPTAIN_SORTS.get(sortBy ?? 'id') ?? captains.id;
  return [descending ? desc(column) : asc(column), asc(captains.id)];
}

export type { AccountEntryType };
