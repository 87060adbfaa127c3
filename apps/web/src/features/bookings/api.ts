import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiData, endpoints, type ReplyData } from '../../api/endpoints';
import { storeBookingDetail } from './cache';
import { type BoardFilters, bookingKeys } from './keys';

export type {
  BookingCandidateDto as CandidateDto,
  BookingLogDto as BookingLogRow,
  CandidateRankingDto,
  CandidateScore,
} from '@taxi/shared';
export { type BoardFilters, belongsToBoard, bookingKeys } from './keys';
export type CancellationReason = ReplyData<typeof endpoints.cancellationReasons>[number];
export interface ServiceOption {
  id: number;
  name: string;
}
export type SectorOption = ReplyData<typeof endpoints.sectors>[number];

/** Board pages are fetched up to this many bookings (the API caps a page at 100). */
const BOARD_PAGE_SIZE = 100;
const BOARD_MAX_PAGES = 30;

/**
 * The board keeps a normalised cache: each booking lives under its own detail key, the board query
 * holds only the ordered ids. A realtime event patches one detail key, so only that card re-renders.
 */
export async function fetchBoard(qc: QueryClient, filters: BoardFilters, signal: AbortSignal): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= BOARD_MAX_PAGES; page++) {
    const chunk = await apiData(endpoints.bookings, {
      query: {
        page,
        perPage: BOARD_PAGE_SIZE,
        group: filters.group,
        search: filters.search.trim(),
        service_id: filters.service_id,
        origin: filters.origin,
      },
      signal,
    });
    for (const booking of chunk.data) {
      storeBookingDetail(qc, booking);
      ids.push(booking.id);
    }
    if (!chunk.next_page_url || page >= chunk.last_page) break;
  }
  return ids;
}

/** One booking from the normalised cache (seeded by the board; fetched when missing). */
export function useBooking(id: number) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => apiData(endpoints.booking, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCancellationReasons(enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.reasons,
    queryFn: ({ signal }) => apiData(endpoints.cancellationReasons, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useCandidates(id: number) {
  return useQuery({
    queryKey: bookingKeys.candidates(id),
    queryFn: ({ signal }) => apiData(endpoints.candidates, { params: { id }, signal }),
    staleTime: 0,
  });
}

/**
 * The ranked candidates of a booking, each with its score's parts (GET dispatch/booking/{id}/ranking): the
 * server's default number of them, the same ranking the automatic dispatch works from.
 */
export function useRanking(id: number) {
  return useQuery({
    queryKey: bookingKeys.ranking(id),
    queryFn: ({ signal }) => apiData(endpoints.ranking, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function useAirportDetails(id: number) {
  return useQuery({
    queryKey: bookingKeys.airport(id),
    queryFn: ({ signal }) => apiData(endpoints.airportDetails, { params: { id }, signal }),
    retry: false,
  });
}

export function useBookingLogs(id: number) {
  return useQuery({
    queryKey: bookingKeys.logs(id),
    queryFn: ({ signal }) => apiData(endpoints.bookingLogs, { params: { id }, signal }),
  });
}

/** Services for pickers (GET service: the active services). */
export function useServices() {
  return useQuery({
    queryKey: bookingKeys.services,
    queryFn: async ({ signal }) => {
      const page = await apiData(endpoints.services, { query: { perPage: 100 }, signal });
      return page.data.map(({ id, name }) => ({ id, name }));
    },
    staleTime: 10 * 60_000,
  });
}

export function useSectors() {
  return useQuery({
    queryKey: bookingKeys.sectors,
    queryFn: ({ signal }) => apiData(endpoints.sectors, { signal }),
    staleTime: 10 * 60_000,
  });
}
