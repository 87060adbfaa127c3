import { cityDayEnd, cityLocalToDate, coverageHours, overlaps, SHIFT_MSG, type ShiftCoverageDto } from '@taxi/shared';
import { validationError } from '../../http/errors';
import type { CityService } from '../city/service';
import type { ShiftService } from './shifts';

/** The day's 25 hour boundaries on the city's clock (the last one is the next midnight). */
export function cityHourStarts(day: string): number[] | null {
  const end = cityDayEnd(day);
  if (!end) return null;
  const starts: number[] = [];
  for (let h = 0; h < 24; h++) {
    const at = cityLocalToDate(`${day} ${String(h).padStart(2, '0')}:00`);
    if (at) starts.push(at.getTime());
  }
  starts.push(end.getTime());
  return starts;
}

/**
 * GET shifts/coverage?day: for each sector the day's shifts name, how many captains are planned in each
 * city hour; the sector-hours nobody covers (gaps); and any captain whose shifts overlap (conflicts).
 */
export async function shiftCoverage(
  deps: { shifts: ShiftService; city: Pick<CityService, 'sector'> },
  day: string,
): Promise<ShiftCoverageDto> {
  const hours = cityHourStarts(day);
  if (!hours) throw validationError('day', SHIFT_MSG.invalidTime);
  const rows = await deps.shifts.between(new Date(hours[0]), new Date(hours[hours.length - 1]));
  const windows = rows.map((r) => ({
    id: r.shift.id,
    captainId: r.shift.captainId,
    name: r.name,
    sector_ids: r.shift.sectorIds,
    start: r.shift.startsAt.getTime(),
    end: r.shift.endsAt.getTime(),
  }));
  const sectorIds = [...new Set(windows.flatMap((w) => w.sector_ids))];
  const counts = coverageHours(windows, sectorIds, hours);
  const sectors = sectorIds
    .map((id) => ({ id, name: deps.city.sector(id)?.name ?? `#${id}`, hours: counts.get(id) ?? [] }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const gaps = sectors.reduce((n, s) => n + s.hours.filter((c) => c === 0).length, 0);
  const conflicts: ShiftCoverageDto['conflicts'] = [];
  for (const [i, a] of windows.entries()) {
    for (const b of windows.slice(i + 1)) {
      if (a.captainId === b.captainId && overlaps(a, b))
        conflicts.push({ captain_id: a.captainId, captain: a.name, shift_ids: [a.id, b.id] });
    }
  }
  return { day, sectors, gaps, conflicts };
}
