import type { QueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@taxi/shared';
import { addToBoard, type BoardData, boardHas, removeFromBoard } from './boardPages';
import { type BoardFilters, belongsToBoard, bookingKeys } from './keys';

/**
 * The one merge rule of a booking into its detail entry, whatever brought it (list page, HTTP reply, socket
 * event): an answer older than the cached one is ignored (the caller gets a change twice, by reply and by
 * event, in either order); otherwise its fields replace the cached ones, keeping what list answers leave out
 * (statuses, geofence logs, payments) and the last known captain position.
 */
export function mergeBookingDetail(old: BookingDto | undefined, next: BookingDto): BookingDto {
  if (!old) return next;
  if (Date.parse(next.updated_at) < Date.parse(old.updated_at)) return old;
  return { ...old, ...next, captain_last_location: next.captain_last_location ?? old.captain_last_location };
}

/** Writes one booking into its detail entry (the cards and the ride page read it). */
export function storeBookingDetail(qc: QueryClient, booking: BookingDto): void {
  qc.setQueryData<BookingDto>(bookingKeys.detail(booking.id), (old) => mergeBookingDetail(old, booking));
}

/**
 * Merges a booking from the server (a write's reply or a socket event) into the caches: its detail entry,
 * then every board tab loaded (added, moved out or left; boardPages.ts). `isNew`: a booking just created.
 */
export function mergeBooking(qc: QueryClient, booking: BookingDto, isNew = false): void {
  storeBookingDetail(qc, booking);
  const merged = qc.getQueryData<BookingDto>(bookingKeys.detail(booking.id)) ?? booking;
  const lookup = (id: number) => qc.getQueryData<BookingDto>(bookingKeys.detail(id));
  for (const [key, data] of qc.getQueriesData<BoardData>({ queryKey: bookingKeys.boards })) {
    if (!data?.pages?.length) continue;
    const filters = key[2] as BoardFilters | undefined;
    if (!filters) continue;
    const present = boardHas(data, merged.id);
    const belongs = belongsToBoard(merged, filters);
    if (present && !belongs) {
      qc.setQueryData<BoardData>(key, removeFromBoard(data, merged.id));
    } else if (!present && belongs) {
      // A text search is the server's to match: refetch that board instead of guessing.
      if (filters.search.trim()) {
        if (isNew) void qc.invalidateQueries({ queryKey: key, exact: true });
        continue;
      }
      qc.setQueryData<BoardData>(key, addToBoard(data, merged, lookup));
    }
  }
}

/** A partial change an event describes (besoin renewed or expired): applied to the cached booking only. */
export function patchBooking(qc: QueryClient, id: number, patch: Partial<BookingDto>): void {
  qc.setQueryData<BookingDto>(bookingKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
}
