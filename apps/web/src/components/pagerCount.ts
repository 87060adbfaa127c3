import type { Paginated } from '@taxi/shared';

type PageInfo = Pick<Paginated<unknown>, 'data' | 'total' | 'last_page' | 'current_page'>;

/**
 * The `count` a TablePager shows for a server page. Lists whose total is counted only up to a cap link
 * to pages past it: while one follows, the count is -1 ("of more than …", Next enabled); on the last of
 * them the rows seen so far are the exact count. Otherwise the total: an empty list is 0, never "more than".
 */
export function pagerCount(page: PageInfo | undefined, perPage: number): number {
  if (!page) return 0;
  const countedPages = Math.max(1, Math.ceil(page.total / perPage));
  if (page.current_page < page.last_page && page.last_page > countedPages) return -1;
  if (page.current_page > countedPages && page.data.length > 0) {
    return (page.current_page - 1) * perPage + page.data.length;
  }
  return page.total;
}

/** The 0-based page the pager shows: a page past the end (the list shrank meanwhile) shows as the last one. */
export function pagerPage(page: PageInfo | undefined, requested: number): number {
  if (!page || page.data.length > 0) return requested;
  return Math.min(requested, Math.max(0, page.last_page - 1));
}
