import { z } from 'zod';
import { cityLocalToDate } from './city-time';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { dbId } from './validation';

/** A captain's shift moves planned → started → ended (shell.md §2.2 /shifts). */
export const SHIFT_STATUSES = ['planned', 'started', 'ended'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** The most sectors one shift's zone holds. */
export const SHIFT_SECTORS_MAX = 20;
/** The longest shift, in hours. */
export const SHIFT_HOURS_MAX = 16;

export const SHIFT_MSG = texts({
  planned: 'Planned',
  started: 'Started',
  ended: 'Ended',
  notStarted: 'Never started',
  captain: 'Captain',
  zone: 'Zone',
  addCluster: 'Add an area cluster',
  addClusterHelp: "Adds the cluster's sectors to the zone",
  startsAt: 'Start',
  endsAt: 'End',
  status: 'Status',
  newShift: 'New shift',
  editShift: 'Edit shift',
  deleteShift: 'Delete shift',
  saved: 'Shift saved',
  deleted: 'Shift deleted',
  list: 'Shifts',
  coverage: 'Coverage',
  coverageHelp: 'Captains planned per sector and hour; a cell without any captain is a gap',
  day: 'Day',
  gap: 'No captain planned',
  gaps: (count: number) => tr('{{count}} sector-hours without a captain', { count }),
  conflicts: 'Conflicts',
  conflict: (captain: string) => tr('{{captain}} has overlapping shifts', { captain }),
  noConflicts: 'No conflicts',
  sector: 'Sector',
  hour: 'Hour',
  // validation
  invalidTime: 'Use the form YYYY-MM-DD HH:mm',
  endBeforeStart: 'The end must be after the start',
  tooLong: (hours: number) => tr('A shift lasts at most {{hours}} hours', { hours }),
  overlap: 'This captain already has a shift at that time',
  unknownCaptain: 'Unknown captain',
  unknownSector: 'Unknown sector',
  zoneRequired: 'Choose at least one sector',
  notPlanned: 'Only a planned shift can be changed or deleted',
});

/** A shift's status in the current language: an ended shift that never started says so. */
export const shiftStatusLabel = (status: ShiftStatus, started: boolean): string =>
  status === 'ended' && !started ? SHIFT_MSG.notStarted : SHIFT_MSG[status];

/** `YYYY-MM-DD HH:mm` on the city's clock. */
const cityTime = z
  .string({ error: MSG.required })
  .refine((v) => cityLocalToDate(v) !== null && v.trim().length === 16, SHIFT_MSG.invalidTime);

type WindowInput = { starts_at?: unknown; ends_at?: unknown } | null | undefined;
/** The window of a body whose two times are well formed: 'before' (end not after start), 'long' or true. */
function window(b: WindowInput): { ok: true | 'before' | 'long' } | null {
  if (!b || typeof b.starts_at !== 'string' || typeof b.ends_at !== 'string') return null;
  const start = cityLocalToDate(b.starts_at);
  const end = cityLocalToDate(b.ends_at);
  if (!start || !end) return null;
  if (end <= start) return { ok: 'before' };
  return { ok: end.getTime() - start.getTime() > SHIFT_HOURS_MAX * 3600_000 ? 'long' : true };
}

/** POST shifts / PUT shifts/{id}: the captain, the zone and the window (city time). */
export const shiftBody = z
  .object({
    captain_id: dbId(SHIFT_MSG.unknownCaptain),
    sector_ids: z
      .array(dbId(SHIFT_MSG.unknownSector), { error: SHIFT_MSG.zoneRequired })
      .min(1, SHIFT_MSG.zoneRequired)
      .max(SHIFT_SECTORS_MAX),
    starts_at: cityTime,
    ends_at: cityTime,
  })
  // Run even when other fields failed (zod's `when`), so every field's error comes in one answer.
  .refine((b) => window(b) === null || window(b)?.ok !== 'before', {
    path: ['ends_at'],
    message: SHIFT_MSG.endBeforeStart,
    when: (payload) => window(payload.value as WindowInput) !== null,
  })
  .refine((b) => window(b)?.ok !== 'long', {
    path: ['ends_at'],
    message: SHIFT_MSG.tooLong(SHIFT_HOURS_MAX),
    when: (payload) => window(payload.value as WindowInput) !== null,
  });
export type ShiftBody = z.input<typeof shiftBody>;

export const shiftSchema = z
  .object({
    id: z.number().int(),
    captain: z.object({ id: z.number().int(), full_name: z.string() }),
    sectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(SHIFT_STATUSES),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
  })
  .meta({ id: 'Shift' });
export type ShiftDto = z.infer<typeof shiftSchema>;

export const shiftCoverageSchema = z
  .object({
    day: z.string(),
    /** Per sector, captains planned in each of the day's 24 city hours. */
    sectors: z.array(z.object({ id: z.number().int(), name: z.string(), hours: z.array(z.number().int()) })),
    /** Sector-hours of the day without any captain. */
    gaps: z.number().int(),
    /** Shifts of one captain that overlap (the API refuses new ones; older data may hold them). */
    conflicts: z.array(z.object({ captain_id: z.number().int(), captain: z.string(), shift_ids: z.array(z.number()) })),
  })
  .meta({ id: 'ShiftCoverage' });
export type ShiftCoverageDto = z.infer<typeof shiftCoverageSchema>;

/** Half-open windows [a, b) overlap. */
export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start < b.end && b.start < a.end;

/**
 * Captains planned per sector and city hour of a day: a shift counts in every hour its window touches, in
 * every sector of its zone. `hourStarts` are the day's 25 hour boundaries (city hours; 23 or 25 on the days
 * the clocks change are cut or merged by the caller).
 */
export function coverageHours(
  shiftsOfDay: readonly { sector_ids: readonly number[]; start: number; end: number }[],
  sectorIds: readonly number[],
  hourStarts: readonly number[],
): Map<number, number[]> {
  const out = new Map<number, number[]>(sectorIds.map((id) => [id, Array(hourStarts.length - 1).fill(0)]));
  for (const s of shiftsOfDay) {
    for (let h = 0; h < hourStarts.length - 1; h++) {
      if (!overlaps(s, { start: hourStarts[h], end: hourStarts[h + 1] })) continue;
      for (const id of s.sector_ids) {
        const row = out.get(id);
        if (row) row[h]++;
      }
    }
  }
  return out;
}
