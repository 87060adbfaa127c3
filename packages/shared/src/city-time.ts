/** Booking times are entered and shown in the city's local time (bookings.md §7: `YYYY-MM-DD HH:mm`). */
export const CITY_TIME_ZONE = 'Europe/Monaco';

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: CITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The city's wall clock at an instant: year, month, day, hour, minute, second as numbers. */
export function cityWallClock(ms: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  return parts(ms) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

function parts(ms: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Offset of the city's zone from UTC at an instant, in ms. */
function offsetAt(ms: number): number {
  const p = parts(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** `YYYY-MM-DD HH:mm` or `YYYY-MM-DD` (midnight) in the city's time → a Date; null when malformed. */
export function cityLocalToDate(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0'] = m;
  const naive = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  if (Number.isNaN(naive)) return null;
  // Two passes settle the offset across a DST change.
  let ms = naive - offsetAt(naive);
  ms = naive - offsetAt(ms);
  const check = new Date(naive);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null;
  return new Date(ms);
}

/**
 * The end of a city day `YYYY-MM-DD`, exclusive: the next local midnight (23 or 25 hours later on the days
 * the clocks change); null when malformed. Date filters keep `from <= t < cityDayEnd(to)`.
 */
export function cityDayEnd(day: string): Date | null {
  if (!cityLocalToDate(day)) return null;
  const [y, m, d] = day.split('-').map(Number);
  return cityLocalToDate(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10));
}

/** A Date → `YYYY-MM-DD HH:mm` in the city's time. */
export function dateToCityLocal(date: Date | string): string {
  const p = parts(typeof date === 'string' ? Date.parse(date) : date.getTime());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
