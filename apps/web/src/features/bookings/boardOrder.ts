import { type BoardSortable, compareBoard } from '@taxi/shared';

export { type BoardSortable, boardTier, compareBoard } from '@taxi/shared';

/**
 * The board's ids in board order (compareBoard, the server's order too). `lookup` reads a booking from the
 * cache; ids not loaded yet keep their place at the end (in the server's order).
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

/** What a held board shows (holdOrder). */
export interface HeldOrder {
  /** The order on screen: the held one, with what came after its end appended. */
  order: number[];
  /** Ids on screen that left the list (cancelled elsewhere, moved to another tab): shown as gone. */
  gone: number[];
  /** Inserts and moves waiting: what "N new orders" counts and applying the live order would do. */
  pending: number;
}

/** The length of the longest increasing run (not necessarily contiguous) of `values`, in O(n log n). */
function longestIncreasing(values: readonly number[]): number {
  const tails: number[] = [];
  for (const value of values) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = value;
  }
  return tails.length;
}

/**
 * The board while the pointer or the focus is in it: nothing on screen moves. `shown` is the order on screen,
 * `live` the order the data has now.
 * - Cards still in the list stay where they are (their contents change in place: each reads its own cache).
 * - Cards that left stay too, as gone.
 * - New ids that come after the last card on screen in the live order are appended (the next page, or an
 *   order at the end: nothing on screen moves for them).
 * - The other new ids and the cards whose place changed wait: `pending` counts them (a move is a card outside
 *   the longest run of cards already in live order: the fewest moves that give the live order).
 * `order` is `shown` itself when nothing was appended, so a caller can keep it as the new `shown`.
 */
export function holdOrder(shown: readonly number[], live: readonly number[]): HeldOrder {
  const livePlace = new Map<number, number>();
  for (const [place, id] of live.entries()) livePlace.set(id, place);
  const onScreen = new Set(shown);
  const gone: number[] = [];
  const places: number[] = [];
  for (const id of shown) {
    const place = livePlace.get(id);
    if (place === undefined) gone.push(id);
    else places.push(place);
  }
  let lastOnScreen = -1;
  for (const place of places) if (place > lastOnScreen) lastOnScreen = place;
  const tail: number[] = [];
  let inserts = 0;
  for (const [place, id] of live.entries()) {
    if (onScreen.has(id)) continue;
    if (place > lastOnScreen) tail.push(id);
    else inserts++;
  }
  const moves = places.length - longestIncreasing(places);
  return {
    order: tail.length > 0 ? [...shown, ...tail] : (shown as number[]),
    gone,
    pending: inserts + moves,
  };
}
