import type { BookingStatus } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import {
  type BoardSortable,
  boardTier,
  compareBoard,
  holdOrder,
  sameOrder,
  sortBoardIds,
} from '../src/features/bookings/boardOrder';

const b = (id: number, status: BookingStatus, datetime: string): BoardSortable => ({ id, status, datetime });

function order(list: BoardSortable[]): number[] {
  const byId = new Map(list.map((x) => [x.id, x]));
  return sortBoardIds(
    list.map((x) => x.id),
    (id) => byId.get(id),
  );
}

describe('the Requests board order', () => {
  it('puts pending orders first, above trips under way and dispatched orders', () => {
    const list = [
      b(1, 'PICKED_UP', '2026-11-23T08:00:00Z'),
      b(2, 'APPROVED', '2026-11-23T08:05:00Z'),
      b(3, 'PENDING', '2026-11-23T12:00:00Z'),
      b(4, 'STARTED', '2026-11-23T07:00:00Z'),
      b(5, 'PENDING', '2026-11-23T09:00:00Z'),
    ];
    expect(order(list)).toEqual([5, 3, 4, 1, 2]);
  });

  it('lists unassigned orders (the automatic offers ran out) before every other pending order', () => {
    const list = [
      b(20, 'PENDING', '2026-11-23T09:00:00Z'),
      { ...b(21, 'PENDING', '2026-11-23T11:00:00Z'), unassigned: { at: '2026-11-23T08:50:00Z' } },
      b(22, 'APPROVED', '2026-11-23T08:00:00Z'),
      { ...b(23, 'PENDING', '2026-11-23T10:00:00Z'), unassigned: { at: '2026-11-23T08:55:00Z' } },
    ];
    expect(order(list)).toEqual([23, 21, 20, 22]);
  });

  it('orders each tier by urgency: the nearest pickup time (smallest countdown) first, overdue before upcoming', () => {
    const list = [
      b(10, 'PENDING', '2026-11-23T10:30:00Z'),
      b(11, 'PENDING', '2026-11-23T09:59:00Z'), // overdue: countdown 00:00
      b(12, 'PENDING', '2026-11-23T10:05:00Z'),
      b(13, 'ACCEPTED', '2026-11-23T10:20:00Z'),
      b(14, 'ARRIVED', '2026-11-23T10:10:00Z'),
    ];
    expect(order(list)).toEqual([11, 12, 10, 14, 13]);
  });

  it('keeps finished and cancelled orders last, newest first', () => {
    const list = [
      b(20, 'DONE', '2026-11-22T10:00:00Z'),
      b(21, 'SYSTEM_CANCELLED', '2026-11-22T12:00:00Z'),
      b(22, 'PENDING', '2026-11-23T12:00:00Z'),
      b(23, 'PAID', '2026-11-22T11:00:00Z'),
    ];
    expect(order(list)).toEqual([22, 21, 23, 20]);
    expect([boardTier('PENDING'), boardTier('STARTED'), boardTier('PAID')]).toEqual([1, 2, 3]);
    expect(boardTier('PENDING', { at: '2026-11-23T08:00:00Z' })).toBe(0);
  });

  it('breaks ties by id (history: the newest id first), invalid times last in their tier, unloaded ids at the end', () => {
    const list = [
      b(31, 'PENDING', '2026-11-23T10:00:00Z'),
      b(30, 'PENDING', '2026-11-23T10:00:00Z'),
      b(32, 'PENDING', 'x'),
    ];
    const byId = new Map(list.map((x) => [x.id, x]));
    expect(sortBoardIds([99, 31, 32, 30, 98], (id) => byId.get(id))).toEqual([30, 31, 32, 99, 98]);
    expect(compareBoard(list[0], list[0])).toBe(0);
    const history = [b(40, 'DONE', '2026-11-22T10:00:00Z'), b(41, 'PAID', '2026-11-22T10:00:00Z')];
    expect(order(history)).toEqual([41, 40]);
  });

  it('is one rule for both views: the same input gives the same order whatever its starting order', () => {
    const list = [
      b(1, 'PICKED_UP', '2026-11-23T08:00:00Z'),
      b(2, 'PENDING', '2026-11-23T08:05:00Z'),
      b(3, 'APPROVED', '2026-11-23T07:00:00Z'),
      b(4, 'PENDING', '2026-11-23T07:30:00Z'),
    ];
    expect(order([...list].reverse())).toEqual(order(list));
    expect(sameOrder(order(list), [4, 2, 3, 1])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
  });
});

describe('the held board (pointer or focus in the list)', () => {
  it('holds the order on screen: an insert above waits and is counted', () => {
    const held = holdOrder([1, 2, 3, 4], [1, 9, 2, 3, 4]);
    expect(held.order).toEqual([1, 2, 3, 4]);
    expect(held.pending).toBe(1);
    expect(held.gone).toEqual([]);
  });

  it('counts a reordering as the fewest cards that move', () => {
    // 4 came to the top: one move (1, 2, 3 keep their order).
    expect(holdOrder([1, 2, 3, 4], [4, 1, 2, 3])).toEqual({ order: [1, 2, 3, 4], gone: [], pending: 1 });
    // Two swapped pairs: two moves; a new order among them: one more.
    expect(holdOrder([1, 2, 3, 4], [2, 1, 7, 4, 3]).pending).toBe(3);
    // Nothing changed: nothing waits, and the order is the very array on screen.
    const shown = [1, 2, 3];
    expect(holdOrder(shown, [1, 2, 3]).order).toBe(shown);
    expect(holdOrder(shown, [1, 2, 3]).pending).toBe(0);
  });

  it('keeps a card that left in its place, as gone; it is not a pending change', () => {
    const held = holdOrder([1, 2, 3], [1, 3]);
    expect(held).toEqual({ order: [1, 2, 3], gone: [2], pending: 0 });
    // It came back (another status of the same tab): on screen again, not gone.
    expect(holdOrder([1, 2, 3], [1, 2, 3]).gone).toEqual([]);
  });

  it('appends what comes after the last card on screen (the next page): nothing on screen moves for it', () => {
    const held = holdOrder([1, 2, 3], [1, 2, 3, 4, 5]);
    expect(held).toEqual({ order: [1, 2, 3, 4, 5], gone: [], pending: 0 });
    // An insert above and a page below at once: the page shows, the insert waits.
    expect(holdOrder([1, 2, 3], [0, 1, 2, 3, 4])).toEqual({ order: [1, 2, 3, 4], gone: [], pending: 1 });
    // A list that was empty (its first page came while the pointer was there) shows what came.
    expect(holdOrder([], [5, 6]).order).toEqual([5, 6]);
  });

  it('applied (shown := live), nothing waits any more', () => {
    const live = [9, 1, 3, 2];
    expect(holdOrder([1, 2, 3], live).pending).toBe(2);
    expect(holdOrder(live, live)).toEqual({ order: live, gone: [], pending: 0 });
  });
});
