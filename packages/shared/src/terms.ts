import { z } from 'zod';
import { texts, tr } from './i18n';

/**
 * Terms and conditions (/terms_and_conditions): versioned per audience. A version is never edited — a
 * change is a new version — so what a captain or passenger accepted stays readable. The apps show the
 * current version and record the acceptance; the console shows who is up to date.
 */
export const TERMS_AUDIENCES = ['captain', 'passenger'] as const;
export type TermsAudience = (typeof TERMS_AUDIENCES)[number];

export const TERMS_MSG = texts({
  captain: 'Captains',
  passenger: 'Passengers',
  immutable: 'A published version cannot be changed: publish a new version.',
  noTerms: 'No terms published yet',
  upToDate: (version: number, date: string) => tr('Accepted version {{version}} on {{date}}', { version, date }),
  outdated: (accepted: number, current: number) =>
    tr('Accepted version {{accepted}}; version {{current}} is waiting for acceptance', { accepted, current }),
  never: (current: number) => tr('Has not accepted the terms (version {{current}})', { current }),
  heading: 'Terms and conditions',
});

/** Where a captain or passenger stands with the current terms of their audience. */
export const termsStatusSchema = z
  .object({
    audience: z.enum(TERMS_AUDIENCES),
    current_version: z.number().int().nullable(),
    accepted_version: z.number().int().nullable(),
    accepted_at: z.string().nullable(),
    up_to_date: z.boolean(),
  })
  .meta({ id: 'TermsStatus' });
export type TermsStatusDto = z.infer<typeof termsStatusSchema>;
