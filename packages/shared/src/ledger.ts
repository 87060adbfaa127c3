import { z } from 'zod';
import { ACCOUNT_ENTRY_TYPES, type AccountEntryType } from './constants';
import { texts, tr } from './i18n';
import { text } from './validation';

/**
 * Captain and passenger accounts (people.md §3): an append-only ledger of entries of the spec's types.
 * A balance is the sum of an owner's entries; which types add and which subtract is written here once.
 */
export const ACCOUNT_OWNER_KINDS = ['captain', 'passenger'] as const;
export type AccountOwnerKind = (typeof ACCOUNT_OWNER_KINDS)[number];

/** +1 adds to the owner's balance, -1 subtracts, 0 keeps the sign it is given (a migrated wallet's balance). */
export const ENTRY_DIRECTION: Readonly<Record<AccountEntryType, 1 | -1 | 0>> = {
  wallet_migration: 0,
  /** The captain earns the fare (and tip) of a paid ride. */
  ride: 1,
  /** The passenger pays the fare (and tip) of a ride. */
  payment: -1,
  passenger_penalty: -1,
  captain_penalty: -1,
  /** The captain's balance is paid out (or settled) at the cash register. */
  closing_payment: -1,
  /** A payment the captain made to the company, approved by staff. */
  payment_approval: 1,
  passenger_bonus: 1,
  captain_bonus: 1,
};

/** Whose account each type belongs to. */
export const ENTRY_OWNERS: Readonly<Record<AccountEntryType, readonly AccountOwnerKind[]>> = {
  wallet_migration: ['captain', 'passenger'],
  ride: ['captain'],
  payment: ['passenger'],
  passenger_penalty: ['passenger'],
  captain_penalty: ['captain'],
  closing_payment: ['captain'],
  payment_approval: ['captain'],
  passenger_bonus: ['passenger'],
  captain_bonus: ['captain'],
};

/** The types staff may write by hand (a wallet adjustment, audited). */
export const MANUAL_ENTRY_TYPES: Readonly<Record<AccountOwnerKind, readonly AccountEntryType[]>> = {
  captain: ['captain_penalty', 'captain_bonus', 'closing_payment', 'payment_approval'],
  passenger: ['passenger_penalty', 'passenger_bonus'],
};

/** The signed amount in cents of an entry of `type` for `cents` (its size; a migration keeps its sign). */
export function signedCents(type: AccountEntryType, cents: number): number {
  const direction = ENTRY_DIRECTION[type];
  return direction === 0 ? cents : direction * Math.abs(cents);
}

/**
 * What the captain earns of a ride's fare once the company kept the commission of their contract level
 * (none without a contract); the tip is all theirs.
 */
export function captainShareCents(fareCents: number, commissionPercent: number | null, tipCents = 0): number {
  const kept = commissionPercent === null ? 0 : Math.round((fareCents * commissionPercent) / 100);
  return fareCents - kept + tipCents;
}

/** Euros (as the forms and the bonus catalogues take them) to whole cents. */
export const eurosToCents = (euros: number): number => Math.round(euros * 100);

export const ENTRY_TYPE_LABELS: Readonly<Record<AccountEntryType, string>> = texts({
  wallet_migration: 'Wallet migration',
  ride: 'Ride',
  payment: 'Payment',
  passenger_penalty: 'Passenger penalty',
  captain_penalty: 'Captain penalty',
  closing_payment: 'Closing payment',
  payment_approval: 'Payment approval',
  passenger_bonus: 'Passenger bonus',
  captain_bonus: 'Captain bonus',
});

export const LEDGER_LIMITS = { maxEuros: 100_000, maxNote: 500 } as const;

export const LEDGER_MSG = texts({
  unknownCaptain: 'Unknown captain',
  unknownPassenger: 'Unknown passenger',
  notManualType: 'This entry type cannot be written by hand for this account.',
  amountPositive: 'The amount must be greater than zero.',
  amountTooLarge: (max: number) => tr('The amount must be at most {{max}} euros.', { max }),
  noteRequired: 'A note is required.',
  entryAdded: 'Entry added',
  payOut: 'Pay out the balance',
  payOutConfirm: (amount: string) =>
    tr('Pay {{amount}} to the captain at their cash register? A closing payment brings the balance to zero.', {
      amount,
    }),
  paidOutNote: (register: string) => tr('Paid out at {{register}}', { register }),
  paidOut: 'Balance paid out',
  noCashRegister: 'Activate the captain with a cash register before paying out.',
  nothingToPayOut: 'The balance is not in the captain’s favour: there is nothing to pay out.',
  // Bank accounts (/banks) and payouts by transfer
  bankAccount: 'Bank account',
  bank: 'Bank',
  iban: 'IBAN',
  noBankAccount: 'No bank account on file',
  editBankAccount: 'Bank account of the captain',
  bankAccountSaved: 'Bank account saved',
  unknownBank: 'Unknown bank',
  invalidIban: 'Not a valid IBAN (check its country code, length and check digits).',
  needsBankAccount: 'Record the captain’s bank account before paying out by transfer.',
  payoutMethod: 'How the balance is paid out',
  cashAt: (register: string) => tr('In cash at {{register}}', { register }),
  transferTo: (bank: string, iban: string) => tr('By transfer to {{bank}} {{iban}}', { bank, iban }),
  paidByTransferNote: (bank: string, iban: string) => tr('Paid by transfer to {{bank}} {{iban}}', { bank, iban }),
} as const);

/** How a captain's balance is paid out: in cash at their cash register, or by transfer to their bank account. */
export const PAYOUT_METHODS = ['cash', 'transfer'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** POST captain/{id}/account/payout (no body: in cash, as before). */
export const payoutBody = z.object({ method: z.enum(PAYOUT_METHODS).default('cash') }).nullish();

/**
 * An IBAN (ISO 13616): two letters, two check digits, up to 30 letters or digits; the check digits hold
 * when the number, its first four characters moved to the end and letters as 10–35, is 1 modulo 97.
 * Spaces are allowed where people write them.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** An IBAN as the console shows it: its country and last four characters only. */
export function maskIban(value: string): string {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  return `${iban.slice(0, 2)} ···· ${iban.slice(-4)}`;
}

/** PUT captain/{id}/bank_account: the bank (of /banks) and the IBAN payouts by transfer go to. */
export const bankAccountBody = z.object({
  bank_id: z.number({ error: LEDGER_MSG.unknownBank }).int().positive(LEDGER_MSG.unknownBank),
  iban: z
    .string({ error: LEDGER_MSG.invalidIban })
    .trim()
    .max(42, LEDGER_MSG.invalidIban)
    .refine(isValidIban, LEDGER_MSG.invalidIban)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
});
export type BankAccountInput = z.infer<typeof bankAccountBody>;

/** POST captain|passenger/{id}/account/entries: a manual entry; `amount` in euros, its sign from the type. */
export const manualEntryBody = z.object({
  type: z.enum(ACCOUNT_ENTRY_TYPES),
  amount: z
    .number()
    .positive(LEDGER_MSG.amountPositive)
    .max(LEDGER_LIMITS.maxEuros, LEDGER_MSG.amountTooLarge(LEDGER_LIMITS.maxEuros)),
  note: text(LEDGER_LIMITS.maxNote, LEDGER_MSG.noteRequired).min(1, LEDGER_MSG.noteRequired),
});
export type ManualEntryInput = z.infer<typeof manualEntryBody>;
