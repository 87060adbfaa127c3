import { useQuery } from '@tanstack/react-query';
import type { CompanyRequestStatus } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

export const companyRequestKeys = {
  all: ['company-requests'] as const,
  list: (status: string, page: number, perPage: number) => ['company-requests', 'list', status, page, perPage] as const,
  one: (id: number) => ['company-requests', 'one', id] as const,
};

export function useCompanyRequests(status: CompanyRequestStatus | '', page: number, perPage: number) {
  return useQuery({
    queryKey: companyRequestKeys.list(status, page, perPage),
    queryFn: ({ signal }) => apiData(endpoints.companyRequests, { query: { status, page, perPage }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useCompanyRequest(id: number) {
  return useQuery({
    queryKey: companyRequestKeys.one(id),
    queryFn: ({ signal }) => apiData(endpoints.companyRequest, { params: { id }, signal }),
  });
}
