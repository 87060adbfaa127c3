import { cityDayEnd, cityLocalToDate, dateToCityLocal } from '@taxi/shared';

/** The city day holding an instant: its local midnight and the next one. */
export function cityDayBounds(at: Date): { start: Date; end: Date } {
  const day = dateToCityLocal(at).slice(0, 10);
  return { start: cityLocalToDate(day) as Date, end: cityDayEnd(day) as Date };
}

/** `from_date`…`to_date` (city days, both included) as [start, end); either may be open. */
export function dayRange(from?: string, to?: string): { start: Date | null; end: Date | null } {
  return { start: from ? cityLocalToDate(from) : null, end: to ? cityDayEnd(to) : null };
}
