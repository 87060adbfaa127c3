import { holds, rule } from './core';

/**
 * Lost and found (shell.md §2.3: lost_and_found needs LOST_AND_FOUND). The items' list and forms are the
 * catalogue's rules (cataloguePolicy of lostAndFoundResource); this is the call beside it.
 */
export const lostAndFoundPolicy = {
  /** Who changed what on an item: its audit rows. */
  history: rule('lostAndFound.history', (a) => holds(a, 'LOST_AND_FOUND')),
} as const;
