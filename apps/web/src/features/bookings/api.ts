import { type QueryClient, useQuery } from '@tanstack/react-query';
import { BOARD_PAGE_SIZE } from '@taxi/shared';
import { apiData, endpoints, type ReplyData } from '../../api/endpoints';
import { useDataNames } from '../../i18n/dataNames';
import { type BoardPage, cursorOf } from './boardPages';
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

/**
 * One page of a board tab (BOARD_PAGE_SIZE bookings, in the board's order; `after` the previous page's
 * cursor). The board keeps a normalised cache: each booking lives under its own detail key, the page holds
 * only the ids. A realtime event patches one detail key, so only that card re-renders.
 */
export async function fetchBoardPage(
  qc: QueryClient,
  filters: BoardFilters,
  after: string | null,
  signal: AbortSignal,
): Promise<BoardPage> {
  const page = await apiData(endpoints.bookings, {
    query: {
      perPage: BOARD_PAGE_SIZE,
      group: filters.group,
      search: filters.search.trim(),
      service_id: filters.service_id,
      origin: filters.origin,
      after,
    },
    signal,
  });
  for (const booking of page.data) storeBookingDetail(qc, booking);
  return {
    ids: page.data.map((b) => b.id),
    total: page.total,
    // The server counts up to a cap; past it the last page is one beyond what the total gives.
    capped: page.last_page > Math.max(1, Math.ceil(page.total / page.per_page)),
    after: cursorOf(page.next_page_url),
  };
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

/** Services for pickers (GET service: the active services), named in the console's language. */
export function useServices() {
  const select = useDataNames<ServiceOption>();
  return useQuery({
    queryKey: bookingKeys.services,
    queryFn: async ({ signal }): Promise<ServiceOption[]> => {
      const page = await apiData(endpoints.services, { query: { perPage: 100 }, signal });
      return page.data.map(({ id, name }) => ({ id, name }));
    },
    select,
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
