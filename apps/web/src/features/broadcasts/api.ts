import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseTarget } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  history: (page: number, perPage: number) => ['broadcasts', 'history', page, perPage] as const,
  one: (id: number) => ['broadcasts', 'one', id] as const,
  preview: (target: string) => ['broadcasts', 'preview', target] as const,
  targets: ['broadcasts', 'targets'] as const,
  scheduled: ['scheduled_messages'] as const,
  scheduledList: (page: number, perPage: number) => ['scheduled_messages', 'list', page, perPage] as const,
  runs: (id: number, page: number, perPage: number) => ['scheduled_messages', 'runs', id, page, perPage] as const,
};

/** Counts move as captains come online and read: lists and counts are read again this often. */
export const COUNTS_REFRESH_MS = 10_000;

/** The sectors and services a message may target. */
export function useBroadcastTargets() {
  return useQuery({
    queryKey: broadcastKeys.targets,
    queryFn: ({ signal }) => apiData(endpoints.broadcastTargets, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** How many captains a complete target reaches now (nothing asked for an incomplete one, nor for listed numbers). */
export function useBroadcastPreview(target: string) {
  return useQuery({
    queryKey: broadcastKeys.preview(target),
    queryFn: ({ signal }) => apiData(endpoints.broadcastPreview, { query: { target }, signal }),
    // A list of numbers is counted when it is sent (its numbers never go into a URL).
    enabled: ![null, 'numbers'].includes(parseTarget(target)?.kind ?? null),
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

export function useBroadcastHistory(page: number, perPage: number) {
  return useQuery({
    queryKey: broadcastKeys.history(page, perPage),
    queryFn: ({ signal }) => apiData(endpoints.broadcasts, { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** One broadcast's counts, read again while the page is open. */
export function useBroadcast(id: number | null) {
  return useQuery({
    queryKey: broadcastKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.broadcast, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

export function useScheduledMessages(page: number, perPage: number) {
  return useQuery({
    queryKey: broadcastKeys.scheduledList(page, perPage),
    queryFn: ({ signal }) => apiData(endpoints.scheduledMessages, { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

export function useScheduledRuns(id: number | null, page: number, perPage: number) {
  return useQuery({
    queryKey: broadcastKeys.runs(id ?? 0, page, perPage),
    queryFn: ({ signal }) =>
      apiData(endpoints.scheduledMessageRuns, { params: { id: id ?? 0 }, query: { page, perPage }, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** After a send, a schedule, a cancel or a delete: the lists and counts are read again. */
export function useBroadcastsInvalidate() {
  const client = useQueryClient();
  return {
    broadcasts: () => client.invalidateQueries({ queryKey: broadcastKeys.all }),
    scheduled: () => client.invalidateQueries({ queryKey: broadcastKeys.scheduled }),
  };
}
