/**
 * Dates typed as text in the console's numeric format, never the browser's (a native date input follows
 * the browser's locale and shows mm/dd/yyyy in an American one). Values stay what the forms hold:
 * 'YYYY-MM-DD' for a date, 'YYYY-MM-DDTHH:mm' for a date and time (the city's wall clock).
 */

import { TIME_FORMATS } from '@taxi/shared';
import type { DatePattern } from '../i18n/format';

export type DateTextKind = 'date' | 'datetime';

/** What the field takes: DD-MM-YYYY or DD-MM-YYYY HH:mm (its placeholder in the language: formatPattern). */
export const DATE_TEXT_FORMAT: Record<DateTextKind, DatePattern> = {
  date: TIME_FORMATS.pickerDate,
  datetime: `${TIME_FORMATS.pickerDate} ${TIME_FORMATS.time}`,
};

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' → 'DD-MM-YYYY' or 'DD-MM-YYYY HH:mm'; '' for anything else. */
export function valueToDateText(value: string, kind: DateTextKind): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value);
  if (!m) return '';
  const date = `${m[3]}-${m[2]}-${m[1]}`;
  return kind === 'datetime' ? `${date} ${m[4] ?? '00'}:${m[5] ?? '00'}` : date;
}

/**
 * What was typed with the digits of an Arabic keyboard (٠١٢… or ۰۱۲…) in Latin digits, without the invisible
 * direction marks a pasted date may carry: a date reads the same whatever the keyboard.
 */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');
}

/**
 * 'DD-MM-YYYY' (D-M-YYYY, with '/' or '.' too; Arabic digits too) and, for a date and time, ' HH:mm' (or 'HHhmm';
 * midnight when left out) → the form's value; null when it is not a real date or time.
 */
export function dateTextToValue(typed: string, kind: DateTextKind): string | null {
  const text = latinDigits(typed);
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
