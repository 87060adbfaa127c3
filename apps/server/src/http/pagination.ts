import { type Paginated, RESOURCE_MSG, SEARCH_MAX, text } from '@taxi/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A query flag: true/false or 1/0 (the console and Laravel-style clients send both). */
export const bool01 = z
  .union([z.boolean(), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Query of a paged list: page, perPage, search. A list that sorts adds its own keys (`sortQuery`). */
export const pageQuerySchema = z.object({
  // The offset ((page - 1) * perPage) must stay a bigint PostgreSQL accepts.
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(1000).default(15),
  search: text(SEARCH_MAX).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * A list's sort: `sortBy` one of the list's own keys (its allow-list), `descending` a flag. Any other key is a
 * 422 with the field's error before the handler runs — `__proto__`, `constructor` or a column the list does
 * not offer never reach a lookup table or the SQL.
 */
export function sortQuery<const K extends readonly [string, ...string[]]>(keys: K) {
  return {
    sortBy: z.enum(keys, { error: RESOURCE_MSG.invalidSort }).optional(),
    descending: bool01.optional().default(false),
  };
}

/** The generic table's query (people.md §7): page, perPage, search, and a sort among these keys. */
export const sortedPageQuery = <const K extends readonly [string, ...string[]]>(keys: K) =>
  pageQuerySchema.extend(sortQuery(keys));

/** The generic table's query with perPage limited to the options a table offers (10 by default). */
export function pageQueryAmong(allowed: ReadonlySet<number>, invalidMessage: string) {
  return pageQuerySchema.extend({
    perPage: z.coerce
      .number()
      .int()
      .default(10)
      .refine((n) => allowed.has(n), invalidMessage),
  });
}

export interface PageSource<T> {
  /** Total number of rows matching the filters. */
  count(): Promise<number>;
  /** One page of rows. */
  rows(limit: number, offset: number): Promise<T[]>;
  /** When count() stops at this many rows, a full page at the cap still links to the next one. */
  countCap?: number;
}

/**
 * Laravel's LengthAwarePaginator shape. `query` counts and loads one page; pass `url` (the request's
 * URL) to get next_page_url.
 */
export async function paginate<T>(
  query: PageSource<T>,
  { page, perPage, url }: { page: number; perPage: number; url?: string },
): Promise<Paginated<T>> {
  const [total, data] = await Promise.all([query.count(), query.rows(perPage, (page - 1) * perPage)]);
  const beyondCap = query.countCap !== undefined && total >= query.countCap && data.length === perPage;
  const lastPage = Math.max(1, Math.ceil(total / perPage), beyondCap ? page + 1 : 0);
  let nextPageUrl: string | null = null;
  if (page < lastPage && url) {
    const next = new URL(url, 'http://localhost');
    next.searchParams.set('page', String(page + 1));
    nextPageUrl = `${next.pathname}${next.search}`;
  }
  return { data, current_page: page, per_page: perPage, total, last_page: lastPage, next_page_url: nextPageUrl };
}

/** Paginates an in-memory list (small catalogues). */
export function paginateArray<T>(items: readonly T[], opts: { page: number; perPage: number; url?: string }) {
  return paginate(
    { count: async () => items.length, rows: async (limit, offset) => items.slice(offset, offset + limit) },
    opts,
  );
}

export const requestUrl = (request: FastifyRequest) => request.url;
