import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingPolicy, EVENTS, type ServerEventName } from '@taxi/shared';
import { useEffect, useMemo } from 'react';
import { apiData, endpoints, type ReplyData } from '../../api/endpoints';
import { onSocketEvent } from '../../api/socket';
import { usePolicy } from '../auth/currentUser';
import { storeBookingDetail } from '../bookings/cache';
import { lateNotices } from './notices';

export type ExceptionList = ReplyData<typeof endpoints.exceptions>;
export type ExceptionRow = ExceptionList['items'][number];

export const exceptionKeys = { list: ['exceptions', 'list'] as const };

/** The list as fetched, with how far the server's clock is from this browser's (ages count on the server's). */
export type FetchedExceptions = ExceptionList & { clockOffsetMs: number };

/** A look at the list at least this often, whatever the events (a missed one, a clock edge). */
const REFETCH_MS = 60_000;
/** Events come in bursts (the AI's offers): the list is fetched at most once in this gap. */
const EVENT_GAP_MS = 1500;

/**
 * GET exceptions, shared by the toolbar's count and the page (one query). Each row's booking goes into the
 * booking cache, where the dialogs and the action rules read it, as the board does.
 */
export function useExceptions() {
  const qc = useQueryClient();
  const allowed = usePolicy()(bookingPolicy.exceptions);
  return useQuery({
    queryKey: exceptionKeys.list,
    queryFn: async ({ signal }): Promise<FetchedExceptions> => {
      const data = await apiData(endpoints.exceptions, { signal });
      for (const item of data.items) storeBookingDetail(qc, item.booking);
      return { ...data, clockOffsetMs: Date.parse(data.now) - Date.now() };
    },
    enabled: allowed,
    staleTime: REFETCH_MS / 2,
    refetchInterval: REFETCH_MS,
  });
}

/** Fetches the list again soon: at once after a quiet spell, then at most once per EVENT_GAP_MS. */
function throttledRefresh(qc: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  return () => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        last = Date.now();
        void qc.invalidateQueries({ queryKey: exceptionKeys.list });
      },
      Math.max(0, last + EVENT_GAP_MS - Date.now()),
    );
  };
}

/** The events after which the list may have changed (the server computes it; the console asks again). */
const LIST_EVENTS = [
  EVENTS.lateBooking,
  EVENTS.lateCaptain,
  EVENTS.newBooking,
  EVENTS.updateBooking,
  EVENTS.bookingStatusUpdate,
  EVENTS.renewBesoin,
  EVENTS.expiredBesoin,
  EVENTS.bookingSuggestionSent,
  EVENTS.bookingSuggestionAvailable,
] as const satisfies readonly ServerEventName[];

/**
 * Keeps the exceptions live (mounted once by the signed-in shell, beside the socket): the list is fetched again
 * after the events that change it and when its next booking turns into an exception by time alone; the late
 * events become notices of the stack (never a dialog, never over the operator's work).
 */
export function useExceptionsRealtime(): void {
  const qc = useQueryClient();
  const allowed = usePolicy()(bookingPolicy.exceptions);
  const refresh = useMemo(() => throttledRefresh(qc), [qc]);

  useEffect(() => {
    const offs = [
      onSocketEvent(EVENTS.lateBooking, (p) => lateNotices.push('late_booking', p.booking_id)),
      onSocketEvent(EVENTS.lateCaptain, (p) => lateNotices.push('late_captain', p.booking_id, p.captain_name)),
    ];
    if (allowed) for (const event of LIST_EVENTS) offs.push(onSocketEvent(event, refresh));
    return () => {
      for (const off of offs) off();
    };
  }, [allowed, refresh]);

  // Signed out (the shell unmounts): the notices were this user's.
  useEffect(() => () => lateNotices.clear(), []);

  const { data } = useExceptions();
  const nextAt = data?.next_check_at ? Date.parse(data.next_check_at) - data.clockOffsetMs : null;
  useEffect(() => {
    if (nextAt === null) return;
    // A little after the server's time for it; never sooner than the event gap, never later than the next look.
    const wait = Math.min(REFETCH_MS, Math.max(EVENT_GAP_MS, nextAt - Date.now() + 250));
    const timer = setTimeout(refresh, wait);
    return () => clearTimeout(timer);
  }, [nextAt, refresh]);
}
