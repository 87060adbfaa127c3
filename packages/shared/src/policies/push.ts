import { isAirport, rule } from './core';

/**
 * Web push (shell.md §4: once the chat connection is up, the console asks for push notifications). Staff
 * who get notifications register their browser; the airport desk gets none (shell.md §6), so it has no
 * push subscription either.
 */
export const pushPolicy = {
  /** The VAPID public key, and adding or removing one's own browser subscription. */
  subscribe: rule('push.subscribe', (a) => !isAirport(a)),
} as const;
