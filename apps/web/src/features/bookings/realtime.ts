import { useQueryClient } from '@tanstack/react-query';
import { EVENTS } from '@taxi/shared';
import { useSocketEvent } from '../../api/socket';
import { mergeBooking, patchBooking } from './cache';

/**
 * Live booking events into the caches (mounted once by the signed-in shell, beside the socket). The late events
 * are the exceptions board's (features/exceptions: its notices and its list).
 */
export function useBookingRealtime(): void {
  const qc = useQueryClient();
  useSocketEvent(EVENTS.newBooking, (b) => mergeBooking(qc, b, true));
  useSocketEvent(EVENTS.updateBooking, (b) => mergeBooking(qc, b));
  useSocketEvent(EVENTS.bookingStatusUpdate, (b) => mergeBooking(qc, b));
  useSocketEvent(EVENTS.renewBesoin, (p) =>
    patchBooking(qc, p.booking_id, { besoin: true, besoin_date: p.besoin_date }),
  );
  useSocketEvent(EVENTS.expiredBesoin, (p) => patchBooking(qc, p.booking_id, { besoin: false }));
}
