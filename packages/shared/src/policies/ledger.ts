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
