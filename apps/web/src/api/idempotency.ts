import { MSG } from '@taxi/shared';
import { useMemo, useRef } from 'react';
import { ApiError } from './client';

/**
 * A random UUID v4 for an `Idempotency-Key`. crypto.randomUUID exists only in secure contexts (https,
 * localhost); a console opened over plain http on the LAN falls back to crypto.getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when the same submission may be sent again with its key: no answer came (network error,
 * timeout: the first request may have run) or the server says the first is still in flight (409 with
 * the key). Any other answer settles the submission.
 */
function sameSubmissionRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return error !== undefined && error !== null;
  return error.isNetworkError || (error.status === 409 && error.message === MSG.idempotencyKeyInFlight);
}

export interface IdempotencyKey {
  /** The key of the current submission: the same until it settles (a second Save press reuses it). */
  key(): string;
  /**
   * Call when a submission settled (onSettled: `settle(error)`): after a success or a definitive error
   * (a 4xx the user fixes) the next submission gets a fresh key; after no answer or 409 the key stays,
   * so a retry replays the first request instead of creating twice.
   */
  settle(error?: unknown): void;
}

/**
 * One `Idempotency-Key` per create-form submission, for as long as the form is open:
 * `http.post(url, body, { idempotencyKey: idem.key() })`, then `idem.settle(error)` once answered.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const current = useRef<string | null>(null);
  return useMemo(
    () => ({
      key: () => {
        current.current ??= newIdempotencyKey();
        return current.current;
      },
      settle: (error?: unknown) => {
        if (!sameSubmissionRetry(error)) current.current = null;
      },
    }),
    [],
  );
}
