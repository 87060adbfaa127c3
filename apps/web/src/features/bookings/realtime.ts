import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type BookingDto, CANCELLED_STATUSES, EVENTS, FINISHED_STATUSES } from '@taxi/shared';
import { useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { type BoardFilters, belongsToBoard, bookingKeys } from './api';

function datetimeOf(qc: QueryClient, id: number): string {
  return qc.getQueryData<BookingDto>(bookingKeys.detail(id))?.datetime ?? '';
}

/** Inserts an id at its place by order time (ascending for active groups, newest first otherwise). */
function insertSorted(qc: QueryClient, ids: readonly number[], booking: BookingDto, descending: boolean): number[] {
  const next = [...ids];
  const at = next.findIndex((other) => {
    const cmp = datetimeOf(qc, other).localeCompare(booking.datetime);
    return descending ? cmp < 0 : cmp > 0;
  });
  if (at < 0) next.push(booking.id);
  else next.splice(at, 0, booking.id);
  return next;
}

/** Applies one booking from the socket: its own cache entry, then every board's id list. */
export function applyBooking(qc: QueryClient, booking: BookingDto, isNew: boolean): void {
  qc.setQueryData(bookingKeys.detail(booking.id), booking);
  for (const [key, ids] of qc.getQueriesData<number[]>({ queryKey: bookingKeys.boards })) {
    if (!ids) continue;
    const filters = key[2] as BoardFilters | undefined;
    if (!filters) continue;
    const present = ids.includes(booking.id);
    const belongs = belongsToBoard(booking, filters);
    if (present && !belongs) {
      qc.setQueryData(
        key,
        ids.filter((id) => id !== booking.id),
      );
    } else if (!present && belongs) {
      // A text search is the server's to match: refetch that board instead of guessing.
      if (filters.search.trim()) {
        if (isNew) void qc.invalidateQueries({ queryKey: key, exact: true });
        continue;
      }
      const descending = [...FINISHED_STATUSES, ...CANCELLED_STATUSES].includes(booking.status);
      qc.setQueryData(key, insertSorted(qc, ids, booking, descending));
    }
  }
}

function patchBooking(qc: QueryClient, id: number, patch: Partial<BookingDto>): void {
  qc.setQueryData<BookingDto>(bookingKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
}

/** Live booking events (mounted once in the shell for staff with a socket). */
export function useBookingRealtime(): void {
  const qc = useQueryClient();
  useSocketEvent(EVENTS.newBooking, (b) => applyBooking(qc, b, true));
  useSocketEvent(EVENTS.updateBooking, (b) => applyBooking(qc, b, false));
  useSocketEvent(EVENTS.bookingStatusUpdate, (b) => applyBooking(qc, b, false));
  useSocketEvent(EVENTS.lateBooking, (p) => toast.late(p.message));
  useSocketEvent(EVENTS.lateCaptain, (p) => toast.late(p.message));
  useSocketEvent(EVENTS.renewBesoin, (p) =>
    patchBooking(qc, p.booking_id, { besoin: true, besoin_date: p.besoin_date }),
  );
  useSocketEvent(EVENTS.expiredBesoin, (p) => patchBooking(qc, p.booking_id, { besoin: false }));
}
