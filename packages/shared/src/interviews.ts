import { z } from 'zod';
import { cityLocalToDate } from './city-time';
import { texts } from './i18n';
import { MSG } from './messages';
import { captainActivationSchema } from './people';
import { dbId, TEXT_MAX, text } from './validation';

/**
 * Interviews of captain applicants (unregistered captains): staff publish slots
 * (/available_interview_times), an applicant is booked into a free one (one per slot), and the interview's
 * outcome activates the captain ('passed', with the cash register activation asks) or refuses them
 * ('failed', with a reason).
 */
export const INTERVIEW_OUTCOMES = ['passed', 'failed'] as const;
export type InterviewOutcome = (typeof INTERVIEW_OUTCOMES)[number];

export const INTERVIEW_MSG = texts({
  slots: 'Interview slots',
  publish: 'Publish a slot',
  published: 'Slot published',
  removed: 'Slot removed',
  booked: 'Interview booked',
  recorded: 'Outcome recorded',
  free: 'Free',
  taken: 'This slot is already taken',
  notFree: 'A booked slot cannot be removed',
  notApplicant: 'Only a captain applicant (unregistered, not active) can be booked',
  alreadyBooked: 'This applicant already has an interview waiting',
  refusedBefore: 'This applicant was refused at an interview',
  decided: 'This interview already has its outcome',
  notBooked: 'Nobody is booked on this slot',
  startsAt: 'Start',
  endsAt: 'End',
  interviewer: 'Interviewer',
  applicant: 'Applicant',
  book: 'Book an applicant',
  outcome: 'Outcome',
  passed: 'Passed',
  failed: 'Failed',
  waiting: 'Waiting',
  reason: 'Reason',
  reasonRequired: 'Give the reason of the refusal',
  recordOutcome: 'Record the outcome',
  invalidTime: 'Use the form YYYY-MM-DD HH:mm',
  endBeforeStart: 'The end must be after the start',
  inThePast: 'A slot cannot start in the past',
  overlap: 'You already have a slot at that time',
  interviews: 'Interviews',
  removeSlot: 'Remove slot',
});

const cityTime = z
  .string({ error: MSG.required })
  .refine((v) => v.trim().length === 16 && cityLocalToDate(v) !== null, INTERVIEW_MSG.invalidTime);
const ms = (v: unknown) => (typeof v === 'string' ? (cityLocalToDate(v)?.getTime() ?? null) : null);

/** POST available_interview_times: a slot on the city's clock, the publisher being the interviewer. */
export const interviewSlotBody = z
  .object({ starts_at: cityTime, ends_at: cityTime })
  .refine((b) => (ms(b.ends_at) ?? 0) > (ms(b.starts_at) ?? 0), {
    path: ['ends_at'],
    message: INTERVIEW_MSG.endBeforeStart,
  });
export type InterviewSlotBody = z.input<typeof interviewSlotBody>;

/** POST interviews: an applicant into a free slot. */
export const bookInterviewBody = z.object({
  slot_id: dbId(MSG.required),
  captain_id: dbId(MSG.required),
});
export type BookInterviewBody = z.input<typeof bookInterviewBody>;

/** PUT interviews/{id}/outcome: passed with the activation's cash register, or failed with a reason. */
export const interviewOutcomeBody = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('passed') }).extend(captainActivationSchema.shape),
  z.object({
    outcome: z.literal('failed'),
    reason: text(TEXT_MAX, INTERVIEW_MSG.reasonRequired).min(1, INTERVIEW_MSG.reasonRequired),
  }),
]);
export type InterviewOutcomeBody = z.input<typeof interviewOutcomeBody>;

export const interviewSlotSchema = z
  .object({
    id: z.number().int(),
    starts_at: z.string(),
    ends_at: z.string(),
    interviewer: z.object({ id: z.number().int(), name: z.string() }),
    applicant: z
      .object({ id: z.number().int(), full_name: z.string(), phone_number: z.string().nullable() })
      .nullable(),
    outcome: z.enum(INTERVIEW_OUTCOMES).nullable(),
    outcome_reason: z.string().nullable(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'InterviewSlot' });
export type InterviewSlotDto = z.infer<typeof interviewSlotSchema>;
