import { z } from 'zod';
import { texts, tr } from './i18n';
import { dbId } from './validation';

/**
 * The project schedule (people.md §2, §7): a user starts a working period on a project and ends it. The
 * form's action is 'started' when there is no current project (its button starts one) and 'ended' when
 * one exists (its button ends it).
 */
export const PROJECT_SCHEDULE_MSG = texts({
  // people.md §7 and §8, exactly
  started: 'Schedule Started!',
  ended: 'Schedule Ended!',
  failed: 'failed, Server error',
  // ours
  heading: 'Project schedule',
  project: 'Project',
  start: 'Start schedule',
  end: 'End schedule',
  noCurrent: 'No current project',
  current: (project: string, since: string) => tr('Working on {{project}} since {{since}}', { project, since }),
  calendar: 'Calendar',
  unknownProject: 'Unknown project',
  alreadyRunning: 'A schedule is already running: end it first',
  alreadyEnded: 'This schedule has already ended',
  endBeforeStart: 'The end must be after the start',
  startInFuture: 'The start cannot be in the future',
  fromRequired: 'Give the start, or start now',
  invalidTime: 'Invalid date and time',
  running: 'running',
});

/** The action the schedule form offers: 'started' without a current project, 'ended' with one. */
export type ScheduleAction = 'started' | 'ended';
export function scheduleAction(last: { to: string | null } | null): ScheduleAction {
  return last && last.to === null ? 'ended' : 'started';
}

export const projectSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Project' });
export type ProjectDto = z.infer<typeof projectSchema>;

export const projectScheduleSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    project_id: z.number().int(),
    project: projectSchema,
    from: z.string(),
    /** Null while the period runs. */
    to: z.string().nullable(),
  })
  .meta({ id: 'ProjectSchedule' });
export type ProjectScheduleDto = z.infer<typeof projectScheduleSchema>;

/** An instant as ISO 8601 (with its offset). */
const instant = z
  .string({ error: PROJECT_SCHEDULE_MSG.invalidTime })
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), PROJECT_SCHEDULE_MSG.invalidTime);
/** true/false or 1/0 (the console sends booleans; form posts send 0/1). */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * POST user-project-schedules: project_id, from, to, now. `now` starts the period at the server's clock
 * (from is then ignored); otherwise `from` is the start. `to`, when given, records a period already over.
 */
export const startScheduleBody = z.object({
  project_id: dbId(PROJECT_SCHEDULE_MSG.unknownProject),
  from: instant.nullish(),
  to: instant.nullish(),
  now: flag.optional().default(false),
});
export type StartScheduleBody = z.input<typeof startScheduleBody>;

/** PUT user-project-schedules/{id}: to (the end; the server's clock when null or absent). */
export const endScheduleBody = z.object({ to: instant.nullish() });
export type EndScheduleBody = z.input<typeof endScheduleBody>;

/** The calendar's query: a user and a window (ISO instants). */
export const scheduleCalendarQuery = z.object({
  user_id: dbId(),
  from: instant,
  to: instant,
});
