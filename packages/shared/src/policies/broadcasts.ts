import { holds, holdsAny, mayChange, rule } from './core';

/**
 * Messages to captains (shell.md §2.2–2.3): broadcasts and the drivers' announcements belong to CAPTAINS,
 * scheduled messages to SETTINGS. Sending changes something: never the Goverment role's.
 */
export const broadcastPolicy = {
  /** The history of broadcasts and one broadcast's counts. */
  read: rule('broadcasts.read', (a) => holds(a, 'CAPTAINS')),
  /** Send a message to captains now. */
  send: rule('broadcasts.send', (a) => mayChange(a, 'CAPTAINS')),
  /**
   * The sectors and services a message may target, and how many captains a target reaches now (the
   * broadcast and the scheduled messages pages).
   */
  targets: rule('broadcasts.targets', (a) => holdsAny(a, ['CAPTAINS', 'SETTINGS'])),
} as const;

export const scheduledMessagePolicy = {
  /** The scheduled messages and the runs of each. */
  read: rule('scheduledMessages.read', (a) => holds(a, 'SETTINGS')),
  /** Schedule, cancel or delete a message. */
  change: rule('scheduledMessages.change', (a) => mayChange(a, 'SETTINGS')),
} as const;
