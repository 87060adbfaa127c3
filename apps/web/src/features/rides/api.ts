import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BookingStatusDto, fillPath } from '@taxi/shared';
import { buildUrl } from '../../api/client';
import { api, apiData, endpoints, type ReplyData } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiMutation } from '../../api/mutation';
import { getToken } from '../../api/session';
import { useDataNames } from '../../i18n/dataNames';

/** Keys of the ride page. The booking itself shares the bookings feature's detail key (one cache). */
export const rideKeys = {
  booking: (id: number) => ['bookings', 'detail', id] as const,
  statuses: (id: number) => ['bookings', 'statuses', id] as const,
  route: (rideId: number) => ['rides', 'route', rideId] as const,
  captainLocation: (captainId: number) => ['rides', 'captain-location', captainId] as const,
  categories: ['complaints', 'categories'] as const,
  complaints: (bookingId: number) => ['complaints', 'booking', bookingId] as const,
  audios: (complaintId: number) => ['complaints', 'audio', complaintId] as const,
};

export function useRideBooking(id: number) {
  return useQuery({
    queryKey: rideKeys.booking(id),
    queryFn: ({ signal }) => apiData(endpoints.booking, { params: { id }, signal }),
    enabled: id > 0,
    // The board seeds this key from lists (without statuses): the page always wants the full answer.
    refetchOnMount: 'always',
  });
}

/** Status history: the booking's own list first, refetched after a realtime status update. */
export function useStatuses(id: number, initial: BookingStatusDto[] | undefined) {
  return useQuery({
    queryKey: rideKeys.statuses(id),
    queryFn: ({ signal }) => apiData(endpoints.bookingStatuses, { params: { id }, signal }),
    enabled: id > 0,
    initialData: initial,
    staleTime: 30_000,
  });
}

export function useRideRoute(rideId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.route(rideId ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.rideRoute, { params: { rideId: rideId ?? 0 }, signal }),
    enabled: enabled && !!rideId,
    staleTime: 60_000,
    retry: false,
  });
}

export function useCaptainLocation(captainId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.captainLocation(captainId ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.captainLocation, { params: { id: captainId ?? 0 }, signal }),
    enabled: enabled && !!captainId,
    retry: false,
  });
}

/** The complaint categories, named in the console's language. */
export function useComplaintCategories() {
  const select = useDataNames<ReplyData<typeof endpoints.complaintCategories>[number]>();
  return useQuery({
    queryKey: rideKeys.categories,
    queryFn: ({ signal }) => apiData(endpoints.complaintCategories, { signal }),
    select,
    staleTime: 5 * 60_000,
  });
}

export type BookingComplaints = ReplyData<typeof endpoints.bookingComplaints>;

export function useBookingComplaints(bookingId: number) {
  return useQuery({
    queryKey: rideKeys.complaints(bookingId),
    queryFn: ({ signal }) => apiData(endpoints.bookingComplaints, { params: { id: bookingId }, signal }),
    enabled: bookingId > 0,
  });
}

export function useSaveCategory(bookingId: number) {
  const qc = useQueryClient();
  return useApiMutation({
    mutationFn: (categoryId: number) =>
      api(endpoints.saveComplaintCategory, { body: { category_id: categoryId, booking_id: bookingId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rideKeys.complaints(bookingId) }),
  });
}

export function useCreateComplaint(bookingId: number) {
  const qc = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useApiMutation({
    mutationFn: ({ description, files }: { description: string; files: File[] }) => {
      const form = new FormData();
      // The description is sent only when non-empty (bookings.md §5).
      if (description.trim()) form.append('description', description.trim());
      form.append('booking_id', String(bookingId));
      for (const [i, file] of files.entries()) form.append(`wav_files[${i}]`, file);
      return api(endpoints.createComplaint, {
        params: { id: bookingId },
        body: form,
        idempotencyKey: idempotency.key(),
      });
    },
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () => qc.invalidateQueries({ queryKey: rideKeys.complaints(bookingId) }),
  });
}

/** The audio bytes of a complaint recording, as an object URL (the call needs the bearer token). */
export async function fetchAudioUrl(complaintId: number, fileName: string): Promise<string> {
  const res = await fetch(buildUrl(fillPath(endpoints.complaintAudio.path, { id: complaintId, fileName })), {
    headers: { Authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) throw new Error(res.statusText);
  return URL.createObjectURL(await res.blob());
}
