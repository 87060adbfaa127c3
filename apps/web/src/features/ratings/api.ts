import { useQuery } from '@tanstack/react-query';
import { apiData, endpoints } from '../../api/endpoints';

export const ratingKeys = {
  /** Keyed on the booking's status too: the apps rate once the ride is done, so a new status reads them again. */
  booking: (id: number, status: string) => ['ratings', 'booking', id, status] as const,
  captain: (id: number) => ['ratings', 'captain', id] as const,
};

/** A booking's two ratings (GET booking/{id}/ratings). */
export function useBookingRatings(bookingId: number, status: string, enabled = true) {
  return useQuery({
    queryKey: ratingKeys.booking(bookingId, status),
    queryFn: ({ signal }) => apiData(endpoints.bookingRatings, { params: { id: bookingId }, signal }),
    enabled: enabled && bookingId > 0,
    staleTime: 30_000,
  });
}

/** A captain's average, count and latest low ratings (GET captain/{id}/rating). */
export function useCaptainRating(captainId: number, enabled = true) {
  return useQuery({
    queryKey: ratingKeys.captain(captainId),
    queryFn: ({ signal }) => apiData(endpoints.captainRating, { params: { id: captainId }, signal }),
    enabled: enabled && captainId > 0,
    staleTime: 60_000,
  });
}
