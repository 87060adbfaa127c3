import type { InfiniteData } from '@tanstack/react-query';
import { type BoardSortable, compareBoard } from '@taxi/shared';

/**
 * One page of a board tab as the cache holds it: the ids only (each booking lives under its own detail key,
 * so a realtime event patches one card), the tab's total and the cursor of the next page.
 */
export interface BoardPage {
  ids: number[];
  /** The server's total (counted up to its cap: `capped` says the tab holds more). */
  total: number;
  capped: boolean;
  /** The next page's cursor (`after`, read from next_page_url); null on the last page. */
  after: string | null;
}

/** A tab's pages: the first is fetched at once, the others on demand (scrolling to the end, "Load more"). */
export type BoardData = InfiniteData<BoardPage, string | null>;

const NO_IDS: number[] = [];

/** The tab's ids, pages in order, each once (a page may repeat an id a live event added before it came). */
export function boardIds(data: BoardData | undefined): number[] {
  if (!data) return NO_IDS;
  if (data.pages.length === 1) return data.pages[0].ids;
  const seen = new Set<number>();
  const ids: number[] = [];
  for (const page of data.pages)
    for (const id of page.ids)
      if (!seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
  return ids;
}

/** The tab's count for its label: the server's total, kept up to date by the live events. */
export function boardTotal(data: BoardData | undefined): { count: number; capped: boolean } | null {
  const first = data?.pages[0];
  return first ? { count: first.total, capped: first.capped } : null;
}

/** The cursor of the page after the last one loaded (null: every page is loaded). */
export function nextBoardCursor(data: BoardData | undefined): string | null {
  return data?.pages.at(-1)?.after ?? null;
}

/** The `after` of a page's next_page_url. */
export function cursorOf(nextPageUrl: string | null): string | null {
  if (!nextPageUrl) return null;
  return new URL(nextPageUrl, 'http://localhost').searchParams.get('after');
}

const withTotal = (page: BoardPage, delta: number): BoardPage =>
  page.capped ? page : { ...page, total: Math.max(0, page.total + delta) };

/** Without this id (it left the tab): one fewer in the total. */
export function removeFromBoard(data: BoardData, id: number): BoardData {
  return {
    ...data,
    pages: data.pages.map((page, i) => {
      const ids = page.ids.includes(id) ? page.ids.filter((other) => other !== id) : page.ids;
      const next = ids === page.ids ? page : { ...page, ids };
      return i === 0 ? withTotal(next, -1) : next;
    }),
  };
}

/**
 * With this booking (it came into the tab): one more in the total, and its id on the last page loaded, unless
 * more pages are still to load and it sorts after every booking loaded (its own page will bring it, in its
 * place). The board sorts what it shows by itself (compareBoard), so the page it sits in is all that matters.
 */
export function addToBoard(
  data: BoardData,
  booking: BoardSortable,
  lookup: (id: number) => BoardSortable | undefined,
): BoardData {
  const pages = data.pages.map((page, i) => (i === 0 ? withTotal(page, 1) : page));
  const last = pages.length - 1;
  if (pages[last].after) {
    const loaded = boardIds(data)
      .map(lookup)
      .filter((b): b is BoardSortable => !!b);
    if (loaded.every((other) => compareBoard(other, booking) < 0)) return { ...data, pages };
  }
  pages[last] = { ...pages[last], ids: [...pages[last].ids, booking.id] };
  return { ...data, pages };
}

/** Does this tab hold the id (on any page loaded)? */
export function boardHas(data: BoardData, id: number): boolean {
  return data.pages.some((page) => page.ids.includes(id));
}
