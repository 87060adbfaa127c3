import { type BookingStatus, FINAL_STATUSES, type StatusGroup } from './bookings';

/** What the board's order reads of a booking. */
export interface BoardSortable {
  id: number;
  status: BookingStatus;
  /** The order (pickup) time, ISO. */
  datetime: string;
  /** Set when the dispatch cascade ran out without a captain (the unassigned list). */
  unassigned?: { at: string } | null;
}

/**
 * The one order of the Requests board, for the cards and the rows, the server's pages and the web's live
 * re-sort alike (the server writes it in SQL, `boardOrderKeys`; a test holds the two to this function):
 * 1. unassigned orders first (the automatic offers ran out: only a dispatcher can place them now),
 * 2. then the other pending orders (they need a dispatcher's action),
 * 3. then the other active orders (dispatched, then under way: same tier, by urgency),
 * 4. then finished and cancelled ones (history).
 * Within the active tiers the most urgent comes first: the nearest pickup time, that is the smallest
 * countdown (an overdue order, whose countdown shows 00:00, before one still to come), equal times by id.
 * History is newest first, equal times by the newest id.
 */
export function boardTier(status: BookingStatus, unassigned?: BoardSortable['unassigned']): 0 | 1 | 2 | 3 {
  if (status === 'PENDING') return unassigned ? 0 : 1;
  return FINAL_STATUSES.includes(status) ? 3 : 2;
}

/** Does this tab list history (newest first) rather than orders to act on (most urgent first)? */
export function isHistoryGroup(group: StatusGroup): boolean {
  return group === 'finished' || group === 'cancelled';
}

function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

export function compareBoard(a: BoardSortable, b: BoardSortable): number {
  const ta = boardTier(a.status, a.unassigned);
  const tier = ta - boardTier(b.status, b.unassigned);
  if (tier !== 0) return tier;
  const history = ta === 3;
  const da = timeOf(a.datetime);
  const db = timeOf(b.datetime);
  if (da !== db) {
    if (da === Number.POSITIVE_INFINITY) return 1;
    if (db === Number.POSITIVE_INFINITY) return -1;
    return history ? db - da : da - db;
  }
  return history ? b.id - a.id : a.id - b.id;
}

/** The board's pages: at most this many bookings a page (the API's cap); further pages load on demand. */
export const BOARD_PAGE_SIZE = 100;

/** The Requests board's card densities: the full cards, or compact ones (two lines, twice as many on screen). */
export const BOARD_DENSITIES = ['comfortable', 'compact'] as const;
export type BoardDensity = (typeof BOARD_DENSITIES)[number];
