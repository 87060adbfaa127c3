import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiData, endpoints } from '../../api/endpoints';
import { getToken } from '../../api/session';

/** What the call log filters on (the contract's CallsQuery). */
export type CallsQuery = NonNullable<NonNullable<(typeof endpoints.calls)['types']>['query']>;

export const voiceKeys = {
  caller: (number: string) => ['voice', 'caller', number] as const,
  calls: (params: CallsQuery) => ['calls', 'list', params] as const,
};

/** This session's SIP credentials (or why there are none). Quiet: a refusal never leaves the page. */
export function fetchVoiceCredentials() {
  return apiData(endpoints.voiceCredentials, { quiet: true });
}

type CallReport = 'callAnswered' | 'callEnded';

/**
 * Tells the API what this console did with a call (the SIP server knows neither who answered nor when).
 * Best effort and quiet: the call goes on whatever the answer, and after a logout there is no one to tell.
 */
export function reportCall(kind: CallReport, callId: string): void {
  if (!getToken()) return;
  void api(endpoints[kind], { body: { call_id: callId }, quiet: true }).catch(() => undefined);
}

export function reportOutgoingCall(callId: string, toNumber: string): void {
  if (!getToken()) return;
  void api(endpoints.callOutgoing, { body: { call_id: callId, to_number: toNumber }, quiet: true }).catch(
    () => undefined,
  );
}

/** The colleagues free to take a transfer (asked when the operator opens the transfer menu). */
export function useTransferTargets(enabled: boolean) {
  return useQuery({
    queryKey: ['voice', 'operators'],
    queryFn: ({ signal }) => apiData(endpoints.voiceOperators, { signal, quiet: true }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** The API notes the hand-over (the queue will ring that colleague first when the caller calls back). */
export function reportTransfer(callId: string, toUserId: number): Promise<unknown> {
  return api(endpoints.callTransfer, { body: { call_id: callId, to_user_id: toUserId } });
}

/** The booking made during a call (phone booking page opened from the call, `call` parameter). */
export function reportCallBooking(callId: string, bookingId: number): Promise<unknown> {
  return api(endpoints.callBooking, { body: { call_id: callId, booking_id: bookingId }, quiet: true });
}

/** Who is calling: passenger, captain or partner's contact, their active and recent bookings. */
export function useCallerLookup(number: string | null) {
  return useQuery({
    queryKey: voiceKeys.caller(number ?? ''),
    queryFn: ({ signal }) => apiData(endpoints.voiceCaller, { query: { number: number ?? '' }, signal, quiet: true }),
    enabled: !!number,
    staleTime: 30_000,
    retry: false,
  });
}

/** A page of the call log, the previous page kept while the next loads. */
export function useCalls(params: CallsQuery) {
  return useQuery({
    queryKey: voiceKeys.calls(params),
    queryFn: ({ signal }) => apiData(endpoints.calls, { query: params, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
