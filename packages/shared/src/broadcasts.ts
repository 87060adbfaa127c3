import { z } from 'zod';
import { cityLocalToDate, cityWallClock } from './city-time';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { RESOURCE_MSG } from './resources/messages';
import { text } from './validation';

/**
 * Messages to captains (shell.md §2.2: /broadcast, /announcements/, /scheduled_messages): who a message
 * reaches, how long it may be, how a scheduled one recurs on the city's clock.
 */

/** Longest broadcast or scheduled message (a captain reads it on a phone). */
export const BROADCAST_BODY_MAX = 500;

/**
 * Who receives a message. `online`: every captain whose app is connected now; `sector`: captains whose last
 * position lies in the sector; `service`: captains who may serve the service (as dispatch decides it);
 * `shift`: captains whose shift is on now; `numbers`: the captains of the phone numbers listed with it
 * (`phone_numbers`, one per line in the console), found as the phone searches find a number.
 */
export const BROADCAST_TARGET_KINDS = ['online', 'sector', 'service', 'shift', 'numbers'] as const;
export type BroadcastTargetKind = (typeof BROADCAST_TARGET_KINDS)[number];

/** A target as the API writes it: `online`, `shift`, `numbers`, `sector:<id>`, `service:<id>`. */
export interface BroadcastTarget {
  kind: BroadcastTargetKind;
  /** The sector's or service's id; null for `online`, `shift` and `numbers`. */
  id: number | null;
  /** A `numbers` target once the server has read its numbers: the captains they name. */
  captainIds?: readonly number[];
}

/** Kinds that name a sector or a service. */
export const TARGET_NEEDS_ID: Readonly<Record<BroadcastTargetKind, boolean>> = {
  online: false,
  shift: false,
  sector: true,
  service: true,
  numbers: false,
};

/** Phone numbers one `numbers` message lists at most. */
export const BROADCAST_NUMBERS_MAX = 200;

const TARGET_RE = /^(?:(online|shift|numbers)|(sector|service):([1-9]\d{0,8}))$/;

/** `sector:3` → { kind: 'sector', id: 3 }; null for anything else. */
export function parseTarget(value: string): BroadcastTarget | null {
  const m = TARGET_RE.exec(value.trim());
  if (!m) return null;
  if (m[1]) return { kind: m[1] as BroadcastTargetKind, id: null };
  return { kind: m[2] as BroadcastTargetKind, id: Number(m[3]) };
}

export function targetCode(target: BroadcastTarget): string {
  return target.id === null ? target.kind : `${target.kind}:${target.id}`;
}

/** Where a captain's inbox entry comes from (captain_deliveries.source_kind). */
export const DELIVERY_SOURCES = ['broadcast', 'scheduled', 'announcement', 'survey', 'car_request'] as const;
export type DeliverySource = (typeof DELIVERY_SOURCES)[number];

export const RECURRENCES = ['none', 'daily', 'weekly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export const SCHEDULED_STATUSES = ['scheduled', 'done', 'cancelled'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

export const BROADCAST_MSG = texts({
  invalidTarget: 'Choose who receives the message',
  unknownSector: 'This sector does not exist',
  unknownService: 'This service does not exist',
  noNumbers: 'List at least one phone number',
  unknownNumbers: (numbers: string) => tr('No captain has these numbers: {{numbers}}', { numbers }),
  numbersNotCounted: 'Listed numbers are counted when the message is sent',
  sent: (count: number) => tr('Message sent to {{count}} captains', { count }),
  scheduled: 'Message scheduled',
  cancelled: 'Scheduled message stopped',
  deleted: 'Scheduled message deleted',
  notActive: 'This scheduled message is no longer active',
  invalidTime: 'Enter a date and time as DD/MM/YYYY HH:mm',
  timeInPast: 'Choose a time in the future',
  endBeforeStart: 'The end must come after the first sending',
  untilAfterFrom: 'Valid until must come after valid from',
});

/** Labels of the targets and recurrences (the web builds them with t(); the catalogue test reads them here). */
export const BROADCAST_LABELS = texts({
  targets: {
    online: 'All online captains',
    sector: 'Captains of a sector',
    service: 'Captains of a service',
    shift: 'Captains on shift now',
    numbers: 'Listed numbers',
  },
  recurrences: { none: 'Once', daily: 'Every day', weekly: 'Every week' },
  statuses: { scheduled: 'Active', done: 'Ended', cancelled: 'Stopped' },
});

export const broadcastBodySchema = text(BROADCAST_BODY_MAX, MSG.required).min(1, MSG.required);

/** A target code of the right shape; the server then checks the sector or service exists. */
export const broadcastTargetSchema = z
  .string({ error: BROADCAST_MSG.invalidTarget })
  .trim()
  .refine((v) => parseTarget(v) !== null, BROADCAST_MSG.invalidTarget);

/** A `numbers` target's phone numbers (the other targets ignore them). */
const phoneNumbersSchema = z.array(text(64)).max(BROADCAST_NUMBERS_MAX).optional();

/** A `numbers` target lists one number at least (422 on phone_numbers). */
function numbersListed(value: { target: string; phone_numbers?: string[] }, ctx: z.RefinementCtx): void {
  if (value.target.trim() === 'numbers' && !value.phone_numbers?.some((n) => n !== ''))
    ctx.addIssue({ code: 'custom', path: ['phone_numbers'], message: BROADCAST_MSG.noNumbers });
}

/** POST broadcast. */
export const broadcastCreateSchema = z
  .object({
    body: broadcastBodySchema,
    target: broadcastTargetSchema,
    phone_numbers: phoneNumbersSchema,
  })
  .superRefine(numbersListed);
export type BroadcastCreateInput = z.input<typeof broadcastCreateSchema>;

/** A date and time on the city's clock, `YYYY-MM-DD HH:mm` (or with a `T`), as the DateTextField gives it. */
const cityDateTime = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine((v) => cityLocalToDate(v) !== null, BROADCAST_MSG.invalidTime);

/** POST scheduled_messages. "In the future" is the server's check (its clock). */
export const scheduledMessageCreateSchema = z
  .object({
    body: broadcastBodySchema,
    target: broadcastTargetSchema,
    phone_numbers: phoneNumbersSchema,
    send_at: cityDateTime,
    recurrence: z.enum(RECURRENCES, { error: RESOURCE_MSG.invalidOption }).default('none'),
    /** The last day a recurring message may be sent (optional; ignored when it does not recur). */
    ends_at: z
      .union([cityDateTime, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((value, ctx) => {
    numbersListed(value, ctx);
    if (!value.ends_at || value.recurrence === 'none') return;
    const start = cityLocalToDate(value.send_at);
    const end = cityLocalToDate(value.ends_at);
    if (start && end && end <= start)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: BROADCAST_MSG.endBeforeStart });
  });
export type ScheduledMessageCreateInput = z.input<typeof scheduledMessageCreateSchema>;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The occurrence after `at` on the city's wall clock: the same local time one day or one week later (so
 * 08:00 stays 08:00 across a change of summer time). Null when the message does not recur.
 */
export function nextOccurrence(at: Date, recurrence: Recurrence): Date | null {
  if (recurrence === 'none') return null;
  const w = cityWallClock(at.getTime());
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day + (recurrence === 'daily' ? 1 : 7)));
  return cityLocalToDate(
    `${day.getUTCFullYear()}-${two(day.getUTCMonth() + 1)}-${two(day.getUTCDate())} ${two(w.hour)}:${two(w.minute)}`,
  );
}

/**
 * The first occurrence after the run of `at` that is later than `now` (runs missed while no server ran
 * are skipped, never sent in a burst), or null when there is none before `endsAt`.
 */
export function nextRunAfter(at: Date, recurrence: Recurrence, now: Date, endsAt: Date | null): Date | null {
  let next = nextOccurrence(at, recurrence);
  for (let i = 0; next && next <= now && i < 100_000; i++) next = nextOccurrence(next, recurrence);
  if (!next || (endsAt && next > endsAt)) return null;
  return next;
}
