import { QueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import {
  type BoardData,
  boardIds,
  boardTotal,
  cursorOf,
  nextBoardCursor,
  removeFromBoard,
} from '../src/features/bookings/boardPages';
import { mergeBooking, mergeBookingDetail } from '../src/features/bookings/cache';
import { type BoardFilters, bookingKeys } from '../src/features/bookings/keys';

/** The fields the merge rule and the board placement read; the rest of the DTO is not looked at. */
function booking(id: number, patch: Partial<BookingDto> = {}): BookingDto {
  return {
    id,
    status: 'PENDING',
    datetime: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    service_id: 2,
    origin: 'phone',
    captain_last_location: null,
    ...patch,
  } as BookingDto;
}

const board = (group: BoardFilters['group'], search = ''): BoardFilters => ({
  group,
  search,
  service_id: '',
  origin: '',
});

describe('mergeBookingDetail (one rule for replies and socket events)', () => {
  it('takes a newer or equal answer, keeping detail-only fields and the last captain position', () => {
    const statuses = [{ id: 1 }] as unknown as BookingDto['statuses'];
    const location = { type: 'Point', coordinates: [1, 2] } as unknown as BookingDto['captain_last_location'];
    const old = booking(1, { statuses, captain_last_location: location });
    const next = booking(1, { status: 'APPROVED', updated_at: '2026-11-21T09:05:00.000Z' });
    expect(mergeBookingDetail(old, next)).toEqual({ ...next, statuses, captain_last_location: location });
    // The same booking twice (HTTP reply, then the event) changes nothing more.
    const once = mergeBookingDetail(old, next);
    expect(mergeBookingDetail(once, next)).toEqual(once);
  });

  it('ignores an answer older than the cached one', () => {
    const newer = booking(1, { status: 'CANCELLED', updated_at: '2026-11-21T09:10:00.000Z' });
    const older = booking(1, { status: 'APPROVED', updated_at: '2026-11-21T09:05:00.000Z' });
    expect(mergeBookingDetail(newer, older)).toBe(newer);
  });
});

/** A tab's pages as the board's infinite query holds them. */
function pages(...lists: number[][]): BoardData {
  return {
    pages: lists.map((ids, i) => ({
      ids,
      total: lists.flat().length + 5,
      capped: false,
      after: i < lists.length - 1 ? `c${i}` : null,
    })),
    pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

/** The same, with a page still to load after the last one. */
function morePages(...lists: number[][]): BoardData {
  const data = pages(...lists);
  return { ...data, pages: data.pages.map((page, i) => ({ ...page, after: `c${i}` })) };
}

describe('mergeBooking (detail entry and board tabs)', () => {
  it('moves a booking between tabs by its status, keeping their totals', () => {
    const qc = new QueryClient();
    qc.setQueryData(bookingKeys.detail(1), booking(1, { datetime: '2026-11-21T08:00:00.000Z' }));
    qc.setQueryData(bookingKeys.detail(3), booking(3, { datetime: '2026-11-21T12:00:00.000Z' }));
    qc.setQueryData(bookingKeys.board(board('pending')), pages([1, 3]));
    qc.setQueryData(bookingKeys.board(board('dispatched')), pages([]));
    const tab = (group: BoardFilters['group']) => qc.getQueryData<BoardData>(bookingKeys.board(board(group)));

    mergeBooking(qc, booking(2, { datetime: '2026-11-21T10:00:00.000Z' }), true);
    expect(boardIds(tab('pending'))).toEqual([1, 3, 2]);
    expect(boardTotal(tab('pending'))).toEqual({ count: 8, capped: false });

    mergeBooking(qc, booking(2, { status: 'APPROVED', updated_at: '2026-11-21T09:30:00.000Z' }));
    expect(boardIds(tab('pending'))).toEqual([1, 3]);
    expect(boardTotal(tab('pending'))?.count).toBe(7);
    expect(boardIds(tab('dispatched'))).toEqual([2]);
    expect(boardTotal(tab('dispatched'))?.count).toBe(6);
    expect(qc.getQueryData<BookingDto>(bookingKeys.detail(2))?.status).toBe('APPROVED');
  });

  it('leaves a booking that sorts after every loaded one to its own page, when pages are still to load', () => {
    const qc = new QueryClient();
    for (const [id, at] of [
      [1, '08:00'],
      [3, '09:00'],
    ] as const)
      qc.setQueryData(bookingKeys.detail(id), booking(id, { datetime: `2026-11-21T${at}:00.000Z` }));
    const key = bookingKeys.board(board('pending'));
    qc.setQueryData(key, morePages([1], [3]));
    mergeBooking(qc, booking(9, { datetime: '2026-11-21T23:00:00.000Z' }), true);
    expect(boardIds(qc.getQueryData<BoardData>(key))).toEqual([1, 3]);
    expect(boardTotal(qc.getQueryData<BoardData>(key))?.count).toBe(8);
    // One that sorts among the loaded ones shows now (the board sorts it into its place).
    mergeBooking(qc, booking(5, { datetime: '2026-11-21T08:30:00.000Z' }), true);
    expect(boardIds(qc.getQueryData<BoardData>(key))).toEqual([1, 3, 5]);
  });

  it('leaves a searched board to the server: a new booking refetches it', () => {
    const qc = new QueryClient();
    const key = bookingKeys.board(board('pending', 'smith'));
    qc.setQueryData(key, pages([]));
    mergeBooking(qc, booking(7), true);
    expect(boardIds(qc.getQueryData<BoardData>(key))).toEqual([]);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('board pages', () => {
  it('lists every page once in order, an id a live event added before its page came counted once', () => {
    expect(boardIds(pages([1, 2], [2, 3], [4]))).toEqual([1, 2, 3, 4]);
    expect(boardIds(undefined)).toEqual([]);
    expect(nextBoardCursor(pages([1], [2]))).toBeNull();
    expect(nextBoardCursor({ ...pages([1]), pages: [{ ids: [1], total: 3, capped: false, after: 'x' }] })).toBe('x');
  });

  it("reads the next page's cursor from next_page_url", () => {
    expect(cursorOf('/api/booking?group=all&perPage=100&page=2&after=WyIxIl0')).toBe('WyIxIl0');
    expect(cursorOf(null)).toBeNull();
    expect(cursorOf('/api/booking?page=2')).toBeNull();
  });

  it('keeps a capped total as the server gave it', () => {
    const capped: BoardData = { pages: [{ ids: [1], total: 1000, capped: true, after: 'x' }], pageParams: [null] };
    expect(boardTotal(removeFromBoard(capped, 1))).toEqual({ count: 1000, capped: true });
  });
});
