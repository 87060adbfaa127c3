import { useQuery } from '@tanstack/react-query';
import { AIRPORT_POLL_MS } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

export const airportKeys = {
  all: ['airport'] as const,
  requests: (page: number, perPage: number) => ['airport', 'requests', page, perPage] as const,
};

/** The desk's requests, asked again every AIRPORT_POLL_MS: the airport roles get no live socket. */
export function useAirportRequests(page: number, perPage: number) {
  return useQuery({
    queryKey: airportKeys.requests(page, perPage),
    queryFn: ({ signal }) => apiData(endpoints.airportRequests, { query: { page, perPage }, signal }),
    refetchInterval: AIRPORT_POLL_MS,
    placeholderData: (previous) => previous,
  });
}
