import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MSG, type BookingDto, checkBookingAction, NOT_MOVING_UI } from '@taxi/shared';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { mergeBooking } from './cache';

export type ReminderKind = 'pendingReminder' | 'dispatchedReminder';

/** A reminder to the passenger (waiting) or the captain (dispatched), when the booking's rule allows it now. */
export function useRemind() {
  const mutation = useApiMutation({
    mutationFn: ({ kind, booking }: { kind: ReminderKind; booking: BookingDto }) =>
      api(kind === 'pendingReminder' ? endpoints.pendingReminder : endpoints.dispatchedReminder, {
        body: { booking_id: booking.id },
      }),
    errorFallback: BOOKING_MSG.reminderFallbackError,
    onSuccess: (res) => toast.success(res.message ?? BOOKING_MSG.reminderSent),
  });
  return (kind: ReminderKind, booking: BookingDto) => {
    const rule = checkBookingAction(kind, booking);
    if (!rule.ok) toast.error(rule.message);
    else mutation.mutate({ kind, booking });
  };
}

/** Renews the besoin (waiting time) of a booking. */
export function useExtend() {
  const qc = useQueryClient();
  return useApiMutation({
    mutationFn: (booking: BookingDto) => api(endpoints.renewBesoin, { params: { id: booking.id } }),
    onSuccess: (res, booking) => {
      if (res.data) mergeBooking(qc, res.data);
      toast.success(res.message ?? BOOKING_MSG.extended(booking.id));
    },
  });
}

/** Takes the booking back from its captain on the way: pending again, the AI offers it to somebody else. */
export function useRedispatch() {
  const qc = useQueryClient();
  return useApiMutation({
    mutationFn: (booking: BookingDto) => api(endpoints.redispatch, { params: { id: booking.id } }),
    errorFallback: NOT_MOVING_UI.redispatchFailed,
    onSuccess: (res, booking) => {
      if (res.data) mergeBooking(qc, res.data);
      toast.success(res.message ?? NOT_MOVING_UI.redispatched(booking.id));
    },
  });
}

/** The airport desk's "OK, we received": marks the booking seen. */
export function useTouch() {
  const qc = useQueryClient();
  return useApiMutation({
    mutationFn: (booking: BookingDto) => api(endpoints.touchBooking, { params: { id: booking.id } }),
    onSuccess: (res, booking) => {
      const next = res.data && typeof res.data === 'object' && 'id' in res.data ? res.data : null;
      mergeBooking(qc, next ?? { ...booking, updated_at: new Date().toISOString() });
      toast.success(res.message ?? BOOKING_MSG.saved);
    },
  });
}

/** Marks a note of a booking solved. */
export function useSolveNote() {
  return useApiMutation({
    mutationFn: (noteId: number) => api(endpoints.solveNote, { params: { noteId } }),
    errorText: () => BOOKING_MSG.noteSolveError,
    onSuccess: () => toast.success(BOOKING_MSG.solved),
  });
}
