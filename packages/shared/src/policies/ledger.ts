import { holdsAny, isGovernment, mayChange, rule } from './core';

/**
 * Captain and passenger accounts (the ledger). Those who read the person read the account; the
 * payments desk (CARLO_PAYMENT) reads every account and alone writes manual entries.
 */
export const ledgerPolicy = {
  readCaptain: rule('ledger.readCaptain', (a) => holdsAny(a, ['CAPTAINS', 'CARLO_PAYMENT'])),
  readPassenger: rule('ledger.readPassenger', (a) => holdsAny(a, ['PASSENGERS', 'CARLO_PAYMENT']) && !isGovernment(a)),
  /** A wallet adjustment (penalty, bonus, closing payment, payment approval) with a note, audited. */
  adjust: rule('ledger.adjust', (a) => mayChange(a, 'CARLO_PAYMENT')),
} as const;

/** Bonus packages, their bonuses and time slices, conditional bonuses (shell.md §2.2 Commercial). */
export const bonusPolicy = {
  read: rule('bonuses.read', (a) => holdsAny(a, ['CARLO_PAYMENT', 'PRICE_RULES'])),
  write: rule('bonuses.write', (a) => mayChange(a, 'CARLO_PAYMENT')),
} as const;
