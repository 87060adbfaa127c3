import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AccountEntryType, type AccountOwnerKind, fillPath } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { ApiError, buildUrl, type QueryValue } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { getToken } from '../../api/session';

export const peopleKeys = {
  passengers: ['passengers'] as const,
  passengerList: (params: Record<string, QueryValue>) => ['passengers', 'list', params] as const,
  passenger: (id: number) => ['passengers', 'detail', id] as const,
  /** The approval queue: under 'passengers', so whatever refreshes the passengers refreshes it. */
  approvals: ['passengers', 'approvals'] as const,
  accounts: ['accounts'] as const,
  account: (kind: AccountOwnerKind, id: number, params: Record<string, QueryValue>) =>
    ['accounts', kind, id, params] as const,
  passengerBookings: (id: number) => ['passengers', 'bookings', id] as const,
  captains: ['captains'] as const,
  captainList: (params: Record<string, QueryValue>) => ['captains', 'list', params] as const,
  captain: (id: number) => ['captains', 'detail', id] as const,
  captainCars: (id: number) => ['captains', 'cars', id] as const,
  monthly: (id: number) => ['captains', 'monthly', id] as const,
  cashRegisters: ['cash_registers'] as const,
  terms: (audience: 'passenger' | 'captain', id: number) => ['terms', audience, id] as const,
  captainContract: (id: number) => ['captains', 'contract', id] as const,
};

export function usePassengers(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: peopleKeys.passengerList(params),
    queryFn: ({ signal }) => apiData(endpoints.passengers, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePassenger(id: number) {
  return useQuery({
    queryKey: peopleKeys.passenger(id),
    queryFn: ({ signal }) => apiData(endpoints.passenger, { params: { id }, signal }),
  });
}

/** A captain's or a passenger's account: balance and a page of entries (optionally of one type). */
export function useAccount(
  kind: AccountOwnerKind,
  id: number,
  query: { page: number; perPage: number; type?: AccountEntryType },
) {
  return useQuery({
    queryKey: peopleKeys.account(kind, id, query),
    queryFn: ({ signal }) =>
      apiData(kind === 'captain' ? endpoints.captainAccount : endpoints.passengerAccount, {
        params: { id },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface BookingRow {
  id: number;
  status: string;
  datetime: string;
  pick_up_location_name?: string;
  pull_down_location_name?: string | null;
}

/** Bookings of a passenger or captain; an API that is not there yet gives `null` (shown as planned). */
export function usePersonBookings(kind: 'passenger' | 'captain', id: number) {
  return useQuery({
    queryKey: ['people', kind, 'bookings', id],
    queryFn: async ({ signal }) => {
      try {
        const endpoint = kind === 'passenger' ? endpoints.passengerBookings : endpoints.captainBookings;
        const page: { data: BookingRow[] } = await apiData(endpoint, {
          params: { id },
          query: { perPage: 25 },
          signal,
        });
        return page.data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** A page of captains: all of them, or the blocked ones (`blocked`). */
export function useCaptains(params: Record<string, QueryValue>, blocked = false) {
  const endpoint = blocked ? endpoints.blockedCaptains : endpoints.captains;
  return useQuery({
    queryKey: peopleKeys.captainList({ ...params, path: endpoint.path }),
    queryFn: ({ signal }) => apiData(endpoint, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCaptain(id: number) {
  return useQuery({
    queryKey: peopleKeys.captain(id),
    queryFn: ({ signal }) => apiData(endpoints.captain, { params: { id }, signal }),
  });
}

export function useCaptainCars(id: number) {
  return useQuery({
    queryKey: peopleKeys.captainCars(id),
    queryFn: ({ signal }) => apiData(endpoints.captainCars, { params: { id }, signal }),
  });
}

export function useMonthlyBookings(id: number) {
  return useQuery({
    queryKey: peopleKeys.monthly(id),
    queryFn: ({ signal }) => apiData(endpoints.monthlyBookings, { params: { id }, signal }),
  });
}

/** Invalidates every passenger / captain query after a change. */
export function usePeopleInvalidate() {
  const client = useQueryClient();
  return {
    passengers: () => client.invalidateQueries({ queryKey: peopleKeys.passengers }),
    captains: () => client.invalidateQueries({ queryKey: peopleKeys.captains }),
  };
}

export function useActivatePassenger() {
  const invalidate = usePeopleInvalidate();
  return useMutation({
    mutationFn: (id: number) => api(endpoints.activatePassenger, { params: { id } }),
    onSuccess: () => invalidate.passengers(),
  });
}

/**
 * Uploaded files are served only with the bearer token: fetch them and show them as blob URLs.
 * Returns {url, error}; the URL is revoked on change/unmount.
 */
export function useAuthedImage(name: string | null | undefined) {
  const [state, setState] = useState<{ url: string | null; error: boolean }>({ url: null, error: false });
  useEffect(() => {
    if (!name) {
      setState({ url: null, error: false });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    const token = getToken();
    fetch(buildUrl(fillPath(endpoints.file.path, { name })), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        url = URL.createObjectURL(await res.blob());
        setState({ url, error: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, error: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [name]);
  return state;
}

/** Where a passenger or a captain stands with the current terms and conditions. */
export function useTermsStatus(audience: 'passenger' | 'captain', id: number) {
  return useQuery({
    queryKey: peopleKeys.terms(audience, id),
    queryFn: ({ signal }) =>
      apiData(audience === 'passenger' ? endpoints.passengerTerms : endpoints.captainTerms, { params: { id }, signal }),
  });
}

/** The captain's contract level. */
export function useCaptainContract(id: number) {
  return useQuery({
    queryKey: peopleKeys.captainContract(id),
    queryFn: ({ signal }) => apiData(endpoints.captainContract, { params: { id }, signal }),
  });
}
