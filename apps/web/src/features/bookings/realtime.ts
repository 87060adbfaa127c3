import { useQueryClient } from '@tanstack/react-query';
import { EVENTS } from '@taxi/shared';
import { useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { mergeBooking, patchBooking } from './cache';

/** Live booking events into the caches (mounted once by the signed-in shell, beside the socket). */
export function useBookingRealtime(): void {
  const qc = useQueryClient();
  useSocketEvent(EVENTS.newBooking, (b) => mergeBooking(qc, b, true));
  useSocketEvent(EVENTS.updateBooking, (b) => mergeBooking(qc, b));
  useSocketEvent(EVENTS.bookingStatusUpdate, (b) => mergeBooking(qc, b));
  useSocketEvent(EVENTS.lateBooking, (p) => toast.late(p.message));
  useSocketEvent(EVENTS.lateCaptain, (p) => toast.late(p.message));
  useSocketEvent(EVENTS.renewBesoin, (p) =>
    patchBooking(qc, p.booking_id, { besoin: true, besoin_date: p.besoin_date }),
  );
  useSocketEvent(EVENTS.expiredBesoin, (p) => patchBooking(qc, p.booking_id, { besoin: false }));
}
