/**
 * Dates typed as text in the console's numeric format, never the browser's (a native date input follows
 * the browser's locale and shows mm/dd/yyyy in an American one). Values stay what the forms hold:
 * 'YYYY-MM-DD' for a date, 'YYYY-MM-DDTHH:mm' for a date and time (the city's wall clock).
 */

export type DateTextKind = 'date' | 'datetime';

/** What the field shows as its placeholder: DD/MM/YYYY or DD/MM/YYYY HH:mm. */
export const DATE_TEXT_FORMAT: Record<DateTextKind, string> = {
  date: 'DD/MM/YYYY',
  datetime: 'DD/MM/YYYY HH:mm',
};

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' → 'DD/MM/YYYY' or 'DD/MM/YYYY HH:mm'; '' for anything else. */
export function valueToDateText(value: string, kind: DateTextKind): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value);
  if (!m) return '';
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return kind === 'datetime' ? `${date} ${m[4] ?? '00'}:${m[5] ?? '00'}` : date;
}

/**
 * 'DD/MM/YYYY' (D/M/YYYY, with '-' or '.' too) and, for a date and time, ' HH:mm' (or 'HHhmm'; midnight
 * when left out) → the form's value; null when it is not a real date or time.
 */
export function dateTextToValue(text: string, kind: DateTextKind): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[\s,]+(\d{1,2})[:hH.](\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const date = `${year}-${two(month)}-${two(day)}`;
  if (kind === 'date') return m[4] === undefined ? date : null;
  const [hour, minute] = [Number(m[4] ?? 0), Number(m[5] ?? 0)];
  if (hour > 23 || minute > 59) return null;
  return `${date}T${two(hour)}:${two(minute)}`;
}
