import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarRequestStatus } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

export const surveyKeys = {
  all: ['surveys'] as const,
  list: (page: number, perPage: number) => ['surveys', 'list', page, perPage] as const,
  one: (id: number) => ['surveys', 'one', id] as const,
  results: (id: number) => ['surveys', 'results', id] as const,
  carRequests: ['car_requests'] as const,
  carRequestList: (status: CarRequestStatus | '', page: number, perPage: number) =>
    ['car_requests', 'list', status, page, perPage] as const,
};

/** Answers keep arriving while a survey is open: its counts and results are read again this often. */
export const RESULTS_REFRESH_MS = 10_000;

export function useSurveys(page: number, perPage: number) {
  return useQuery({
    queryKey: surveyKeys.list(page, perPage),
    queryFn: ({ signal }) => apiData(endpoints.surveys, { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: RESULTS_REFRESH_MS,
  });
}

export function useSurvey(id: number | null) {
  return useQuery({
    queryKey: surveyKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.survey, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useSurveyResults(id: number | null, live: boolean) {
  return useQuery({
    queryKey: surveyKeys.results(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.surveyResults, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
    refetchInterval: live ? RESULTS_REFRESH_MS : false,
  });
}

export function useCarRequests(status: CarRequestStatus | '', page: number, perPage: number) {
  return useQuery({
    queryKey: surveyKeys.carRequestList(status, page, perPage),
    queryFn: ({ signal }) =>
      apiData(endpoints.carRequests, { query: { page, perPage, ...(status ? { status } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSurveysInvalidate() {
  const client = useQueryClient();
  return {
    surveys: () => client.invalidateQueries({ queryKey: surveyKeys.all }),
    carRequests: () => client.invalidateQueries({ queryKey: surveyKeys.carRequests }),
  };
}
