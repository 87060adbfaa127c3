import { type BookingStatus, FINAL_STATUSES } from '@taxi/shared';

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
 * The one order of the Requests board, for the cards and the rows alike:
 * 1. unassigned orders first (the automatic offers ran out: only a dispatcher can place them now),
 * 2. then the other pending orders (they need a dispatcher's action),
 * 3. then the other active orders (dispatched, then under way: same tier, by urgency),
 * 4. then finished and cancelled ones (history).
 * Within the active tiers the most urgent comes first: the nearest pickup time, that is the smallest
 * countdown (an overdue order, whose countdown shows 00:00, before one still to come). History is newest
 * first. Equal times keep a stable order by id.
 */
export function boardTier(status: BookingStatus, unassigned?: BoardSortable['unassigned']): 0 | 1 | 2 | 3 {
  if (status === 'PENDING') return unassigned ? 0 : 1;
  return FINAL_STATUSES.includes(status) ? 3 : 2;
}

function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

export function compareBoard(a: BoardSortable, b: BoardSortable): number {
  const tier = boardTier(a.status, a.unassigned) - boardTier(b.status, b.unassigned);
  if (tier !== 0) return tier;
  const ta = timeOf(a.datetime);
  const tb = timeOf(b.datetime);
  if (ta !== tb) {
    if (ta === Number.POSITIVE_INFINITY) return 1;
    if (tb === Number.POSITIVE_INFINITY) return -1;
    return boardTier(a.status) === 3 ? tb - ta : ta - tb;
  }
  return a.id - b.id;
}

/**
 * The board's ids in board order. `lookup` reads a booking from the cache; ids not loaded yet keep their
 * place at the end (in the server's order).
 */
export function sortBoardIds(ids: readonly number[], lookup: (id: number) => BoardSortable | undefined): number[] {
  const known: BoardSortable[] = [];
  const unknown: number[] = [];
  for (const id of ids) {
    const booking = lookup(id);
    if (booking) known.push(booking);
    else unknown.push(id);
  }
  known.sort(compareBoard);
  return [...known.map((b) => b.id), ...unknown];
}

/** Same ids in the same order? (So a re-sort that changes nothing keeps the previous array.) */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
