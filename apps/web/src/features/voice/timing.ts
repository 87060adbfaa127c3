/**
 * When to fetch the SIP credentials again. They carry their own expiry (auth_ephemeral: the username is
 * `<expiry>:<sip user>`), so the phone re-registers with fresh ones a margin before `expires_at`, and the SIP
 * server never sees an expired one.
 */

/** How long before the expiry the fresh credentials are asked for. */
export const REFRESH_MARGIN_MS = 60_000;
/** Never sooner than this after a fetch (a clock off by minutes must not make the phone fetch in a loop). */
export const MIN_REFRESH_MS = 10_000;
/** setTimeout's ceiling (2^31 - 1 ms, about 24.8 days): a longer wait would fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Milliseconds until the credentials expiring at `expiresAt` (ISO) should be replaced, seen at `now`:
 * the margin before the expiry, or half of what is left when that is shorter than twice the margin;
 * MIN_REFRESH_MS when the date is past or unreadable.
 */
export function credentialsRefreshDelay(expiresAt: string, now: number): number {
  const expires = Date.parse(expiresAt);
  if (!Number.isFinite(expires)) return MIN_REFRESH_MS;
  const left = expires - now;
  const delay = left > 2 * REFRESH_MARGIN_MS ? left - REFRESH_MARGIN_MS : left / 2;
  return Math.min(MAX_TIMER_MS, Math.max(MIN_REFRESH_MS, Math.floor(delay)));
}

/** Waits between tries after the credentials or the registration failed: 5 s, 10 s, 20 s … at most 5 min. */
export function retryDelay(attempt: number): number {
  return Math.min(300_000, 5_000 * 2 ** Math.max(0, Math.min(attempt, 10)));
}
