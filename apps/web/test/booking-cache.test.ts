import { QueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
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

describe('mergeBooking (detail entry and board id lists)', () => {
  it('moves a booking between boards by its status and keeps the order by time', () => {
    const qc = new QueryClient();
    qc.setQueryData(bookingKeys.detail(1), booking(1, { datetime: '2026-11-21T08:00:00.000Z' }));
    qc.setQueryData(bookingKeys.detail(3), booking(3, { datetime: '2026-11-21T12:00:00.000Z' }));
    qc.setQueryData(bookingKeys.board(board('pending')), [1, 3]);
    qc.setQueryData(bookingKeys.board(board('dispatched')), []);

    mergeBooking(qc, booking(2, { datetime: '2026-11-21T10:00:00.000Z' }), true);
    expect(qc.getQueryData(bookingKeys.board(board('pending')))).toEqual([1, 2, 3]);

    mergeBooking(qc, booking(2, { status: 'APPROVED', updated_at: '2026-11-21T09:30:00.000Z' }));
    expect(qc.getQueryData(bookingKeys.board(board('pending')))).toEqual([1, 3]);
    expect(qc.getQueryData(bookingKeys.board(board('dispatched')))).toEqual([2]);
    expect(qc.getQueryData<BookingDto>(bookingKeys.detail(2))?.status).toBe('APPROVED');
  });

  it('leaves a searched board to the server: a new booking refetches it', () => {
    const qc = new QueryClient();
    const key = bookingKeys.board(board('pending', 'smith'));
    qc.setQueryData(key, []);
    mergeBooking(qc, booking(7), true);
    expect(qc.getQueryData(key)).toEqual([]);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
