import { texts } from './i18n';

/**
 * Captain bonuses (shell.md §2.2 Commercial): packages of bonuses, their time slices, conditional bonuses.
 * The daily bonus job pays each one earned as a `captain_bonus` account entry, once per captain and day.
 */
export const BONUS_KINDS = ['rides_count', 'zone_rides', 'acceptance_rate'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** English labels of the kinds (the catalogue pages translate them at render). */
export const BONUS_KIND_LABELS: Readonly<Record<BonusKind, string>> = {
  rides_count: 'Paid rides',
  zone_rides: 'Paid rides in a zone',
  acceptance_rate: 'Acceptance rate',
};

export const BONUS_LIMITS = { maxThreshold: 1000, maxEuros: 10_000 } as const;

/** The euros a bonus pays (bonuses of a package and conditional bonuses alike). */
export const BONUS_AMOUNT_FIELD = {
  name: 'amount',
  label: 'Amount (€)',
  type: 'number',
  required: true,
  min: 0.01,
  max: BONUS_LIMITS.maxEuros,
  sortable: true,
  align: 'right',
} as const;

/** ISO days of the week: 1 Monday … 7 Sunday (the time slices' `day_of_week`). */
export const DAYS_OF_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const BONUS_MSG = texts({
  timeFormat: 'Use the form HH:MM.',
  endAfterStart: 'The end must come after the start.',
  sectorNeeded: 'A zone is required for a zone bonus.',
  rateAtMost: 'A rate is at most 100.',
  validToAfterFrom: 'The end of validity must not come before its start.',
} as const);
