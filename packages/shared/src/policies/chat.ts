import { holds, isGovernment, rule } from './core';

/**
 * Conversations with captains and passengers, and the bookings' chats (shell.md §2.2, §6; bookings.md §4).
 * The staff share one inbox: whoever holds MESSAGES reads and writes every conversation. The Goverment
 * role has no chat at all.
 */
export const chatPolicy = {
  inbox: rule('chat.inbox', (a) => holds(a, 'MESSAGES') && !isGovernment(a)),
  write: rule('chat.write', (a) => holds(a, 'MESSAGES') && !isGovernment(a)),
  /** The booking chat opens from a card; its messages are the inbox's, so it needs MESSAGES too. */
  bookingChat: rule('chat.bookingChat', (a) => holds(a, 'MESSAGES') && holds(a, 'DISPATCHING') && !isGovernment(a)),
  /** Development only (loopback): plays a captain or passenger app writing, for the demo and the e2e runs. */
  devAppMessage: rule('chat.devAppMessage', (a) => holds(a, 'MESSAGES') && !isGovernment(a)),
} as const;
