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
 * `shift`: captains whose shift is on now — there is no shift entity yet, so a shift is "online now".
 */
export const BROADCAST_TARGET_KINDS = ['online', 'sector', 'service', 'shift'] as const;
export type BroadcastTargetKind = (typeof BROADCAST_TARGET_KINDS)[number];

/** A target as the API writes it: `online`, `shift`, `sector:<id>`, `service:<id>`. */
export interface BroadcastTarget {
  kind: BroadcastTargetKind;
  /** The sector's or service's id; null for `online` and `shift`. */
  id: number | null;
}

/** Kinds that name a sector or a service. */
export const TARGET_NEEDS_ID: Readonly<Record<BroadcastTargetKind, boolean>> = {
  online: false,
  shift: false,
  sector: true,
  service: true,
};

const TARGET_RE = /^(?:(online|shift)|(sector|service):([1-9]\d{0,8}))$/;

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

/** POST broadcast. */
export const broadcastCreateSchema = z.object({
  body: broadcastBodySchema,
  target: broadcastTargetSchema,
});
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
    send_at: cityDateTime,
    recurrence: z.enum(RECURRENCES, { error: RESOURCE_MSG.invalidOption }).default('none'),
    /** The last day a recurring message may be sent (optional; ignored when it does not recur). */
    ends_at: z
      .union([cityDateTime, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((value, ctx) => {
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
