import { useQuery } from '@tanstack/react-query';
import { AIRPORT_POLL_MS } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

export const partnerKeys = {
  all: ['partner'] as const,
  self: ['partner', 'self'] as const,
  guests: ['partner', 'guests'] as const,
  invoices: ['partner', 'invoices'] as const,
  /** Staff: one partner's. */
  invoicesOf: (id: number) => ['partners', id, 'invoices'] as const,
  bookings: (page: number, perPage: number) => ['partner', 'bookings', page, perPage] as const,
};

/** The desk's own partner (name, address, limit and active bookings). */
export function usePartner(enabled = true) {
  return useQuery({
    queryKey: partnerKeys.self,
    queryFn: ({ signal }) => apiData(endpoints.partnerSelf, { signal }),
    refetchInterval: AIRPORT_POLL_MS,
    // Staff who open the desk page (not partner staff) get its explanation, never a call refused with 403.
    enabled,
  });
}

/** The partner's bookings, polled: partner staff get no live socket (the staff room carries every booking). */
export function usePartnerBookings(page: number, perPage: number) {
  return useQuery({
    queryKey: partnerKeys.bookings(page, perPage),
    queryFn: ({ signal }) => apiData(endpoints.partnerBookings, { query: { page, perPage }, signal }),
    refetchInterval: AIRPORT_POLL_MS,
    placeholderData: (previous) => previous,
  });
}
