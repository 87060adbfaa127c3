import { z } from 'zod';
import { cityLocalToDate } from './city-time';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { TEXT_MAX, text } from './validation';

/** A staff leave request moves pending → approved or refused (/vacations). */
export const VACATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];

/** The longest leave one request covers, in days. */
export const VACATION_DAYS_MAX = 60;

export const VACATION_MSG = texts({
  pending: 'Pending',
  approved: 'Approved',
  refused: 'Refused',
  heading: 'Leave requests',
  request: 'Request leave',
  from: 'From',
  to: 'To',
  reason: 'Reason',
  user: 'Staff member',
  status: 'Status',
  approve: 'Approve',
  refuse: 'Refuse',
  requested: 'Leave requested',
  approvedToast: 'Leave approved',
  refusedToast: 'Leave refused',
  calendar: 'Staff at work per day',
  invalidDate: 'Use the form YYYY-MM-DD',
  toBeforeFrom: 'The last day cannot be before the first',
  tooLong: (days: number) => tr('A request covers at most {{days}} days', { days }),
  inThePast: 'Leave cannot start in the past',
  overlap: 'You already asked for leave on some of these days',
  notPending: 'This request has already been decided',
  below: (date: string, available: number, threshold: number) =>
    tr('{{date}}: only {{available}} staff at work, fewer than {{threshold}}', { date, available, threshold }),
  belowIfApproved: (date: string, available: number, threshold: number) =>
    tr('{{date}}: approving leaves {{available}} staff at work, fewer than {{threshold}}', {
      date,
      available,
      threshold,
    }),
  noWarning: 'Enough staff at work every day of this month',
});

/** A city day YYYY-MM-DD that exists on the calendar (no 31 February). */
export const vacationDay = z
  .string({ error: MSG.required })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && cityLocalToDate(v) !== null, VACATION_MSG.invalidDate);

/** Days between two YYYY-MM-DD dates (b − a), or null when either is malformed. */
export function daysBetween(a: unknown, b: unknown): number | null {
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  const pa = Date.parse(`${a}T00:00:00Z`);
  const pb = Date.parse(`${b}T00:00:00Z`);
  return Number.isNaN(pa) || Number.isNaN(pb) ? null : Math.round((pb - pa) / 86_400_000);
}

/** The days a body's from → to spans when both are well formed (the refinements run on any input). */
const spanOf = (value: unknown): number | null =>
  value && typeof value === 'object'
    ? daysBetween((value as { from?: unknown }).from, (value as { to?: unknown }).to)
    : null;

/** POST vacations: the first and last day (city dates, inclusive) and why. */
export const vacationBody = z
  .object({
    from: vacationDay,
    to: vacationDay,
    reason: text(TEXT_MAX, MSG.required).min(1, MSG.required),
  })
  .refine((b) => (daysBetween(b.from, b.to) ?? 0) >= 0, {
    path: ['to'],
    message: VACATION_MSG.toBeforeFrom,
    when: (p) => spanOf(p.value) !== null,
  })
  .refine((b) => (daysBetween(b.from, b.to) ?? 0) < VACATION_DAYS_MAX, {
    path: ['to'],
    message: VACATION_MSG.tooLong(VACATION_DAYS_MAX),
    when: (p) => spanOf(p.value) !== null,
  });
export type VacationBody = z.input<typeof vacationBody>;

export const refuseVacationBody = z.object({ reason: text(TEXT_MAX).nullish() });
export type RefuseVacationBody = z.input<typeof refuseVacationBody>;

export const vacationSchema = z
  .object({
    id: z.number().int(),
    user: z.object({ id: z.number().int(), name: z.string() }),
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    reason: z.string(),
    status: z.enum(VACATION_STATUSES),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    refusal_reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Vacation' });
export type VacationDto = z.infer<typeof vacationSchema>;

export const vacationCoverageSchema = z
  .object({
    /** The setting MIN_STAFF_ON_DUTY when this was computed. */
    threshold: z.number().int(),
    /** Active staff members. */
    staff: z.number().int(),
    days: z.array(
      z.object({
        date: z.string(),
        on_leave: z.number().int(),
        requested: z.number().int(),
        available: z.number().int(),
        /** Fewer at work than the threshold with the approved leaves. */
        below: z.boolean(),
        /** …and if the pending requests were approved too. */
        below_if_approved: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'VacationCoverage' });
export type VacationCoverageDto = z.infer<typeof vacationCoverageSchema>;

/**
 * Staff at work per day: `staff` less the approved leaves that cover the day; below the threshold is a
 * warning, and so is falling below it once the pending requests are approved. One rule, used by the API.
 */
export function staffCoverage(
  days: readonly string[],
  leaves: readonly { from: string; to: string; status: VacationStatus }[],
  staff: number,
  threshold: number,
): VacationCoverageDto['days'] {
  return days.map((date) => {
    const covering = leaves.filter((l) => l.from <= date && date <= l.to);
    const onLeave = covering.filter((l) => l.status === 'approved').length;
    const requested = covering.filter((l) => l.status === 'pending').length;
    const available = staff - onLeave;
    return {
      date,
      on_leave: onLeave,
      requested,
      available,
      below: available < threshold,
      below_if_approved: available - requested < threshold,
    };
  });
}
