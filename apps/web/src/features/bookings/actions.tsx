import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MSG, type BookingDto, checkBookingAction } from '@taxi/shared';
import { createContext, useCallback, useContext } from 'react';
import { errorMessage, http } from '../../api/client';
import { toast } from '../../api/toast';
import { storeBooking } from './api';

export type DialogKind =
  | 'cancel'
  | 'dispatch'
  | 'changeTime'
  | 'changeService'
  | 'suggestService'
  | 'airport'
  | 'acceptServiceChange';

/** Opens a booking dialog; provided once by the page that shows cards. Stable across renders. */
export const OpenDialogContext = createContext<(kind: DialogKind, id: number) => void>(() => {});
export function useOpenDialog() {
  return useContext(OpenDialogContext);
}

/** Actions that run at once (no dialog): reminders, besoin renewal, airport touch, note solving. */
export function useDirectActions() {
  const qc = useQueryClient();

  const remind = useCallback(async (kind: 'pendingReminder' | 'dispatchedReminder', booking: BookingDto) => {
    const rule = checkBookingAction(kind, booking);
    if (!rule.ok) {
      toast.error(rule.message);
      return;
    }
    const path = kind === 'pendingReminder' ? 'send_pending_reminder' : 'send_dispatched_reminder';
    try {
      const res = await http.post<null>(path, { booking_id: booking.id });
      toast.success(res.message ?? BOOKING_MSG.reminderSent);
    } catch (error) {
      toast.error(errorMessage(error, BOOKING_MSG.reminderFallbackError));
    }
  }, []);

  const extend = useCallback(
    async (booking: BookingDto) => {
      try {
        const res = await http.post<BookingDto>(`besoin/renew/${booking.id}`);
        if (res.data) storeBooking(qc, res.data);
        toast.success(res.message ?? BOOKING_MSG.extended(booking.id));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [qc],
  );

  const touch = useCallback(
    async (booking: BookingDto) => {
      try {
        const res = await http.put<BookingDto | null>(`booking/${booking.id}/touch`);
        const next = res.data && typeof res.data === 'object' && 'id' in res.data ? res.data : null;
        storeBooking(qc, next ?? { ...booking, updated_at: new Date().toISOString() });
        toast.success(res.message ?? BOOKING_MSG.saved);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [qc],
  );

  const solveNote = useCallback(async (noteId: number): Promise<boolean> => {
    try {
      await http.put(`notes/${noteId}`);
      toast.success(BOOKING_MSG.solved);
      return true;
    } catch {
      toast.error(BOOKING_MSG.noteSolveError);
      return false;
    }
  }, []);

  return { remind, extend, touch, solveNote };
}
