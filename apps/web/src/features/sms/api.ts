import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryValue } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';

export const smsKeys = {
  codes: (params: Record<string, QueryValue>) => ['sms_codes', params] as const,
};

/** A page of the verification codes sent (GET sms_codes), the previous page kept while the next loads. */
export function useSmsCodes(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: smsKeys.codes(params),
    queryFn: ({ signal }) => apiData(endpoints.smsCodes, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
