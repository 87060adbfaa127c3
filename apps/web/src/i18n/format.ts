import { CITY_PHONE_REGION, CITY_TIME_ZONE, CURRENCY, cityWallClock } from '@taxi/shared';
import { textDirection, tr } from '@taxi/shared/i18n';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { currentLanguage, currentLocale } from './index';

/**
 * One formatter per kind of value, for every page. Times are the city's wall clock (bookings are entered
 * and shown in the city's time whatever the browser's zone). The spec's formats are numeric and the same
 * in every language: orders 'HH h mm - DD/MM/YYYY', complaints 'HHhmm DD/MM/YYYY', dates 'DD/MM/YYYY',
 * everything else 'DD/MM/YYYY HH:mm'; typed in a field, 'DD-MM-YYYY' (the pickers' format, people.md §2).
 * Numbers and euros follow the language.
 */

type Instant = string | number | Date | null | undefined;

interface Parts {
  YYYY: string;
  MM: string;
  DD: string;
  HH: string;
  mm: string;
  ss: string;
}

/** The city's wall-clock parts of an instant, or null for nothing or an invalid date. */
export function cityClock(value: Instant): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = cityWallClock(date.getTime());
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    YYYY: String(p.year),
    MM: two(p.month),
    DD: two(p.day),
    HH: two(p.hour),
    mm: two(p.minute),
    ss: two(p.second),
  };
}

const EMPTY = '';

/** Orders (bookings.md §9 'HH h m - DD/MM/YYYY'): 17h05 - 22/11/2026. */
export function formatOrderTime(value: Instant): string {
  const p = cityClock(value);
  return p ? `${p.HH}h${p.mm} - ${p.DD}/${p.MM}/${p.YYYY}` : EMPTY;
}

/** Complaints and the lists of people.md (HHhmm DD/MM/YYYY): 17h05 22/11/2026. */
export function formatComplaintTime(value: Instant): string {
  const p = cityClock(value);
  return p ? `${p.HH}h${p.mm} ${p.DD}/${p.MM}/${p.YYYY}` : EMPTY;
}

/** A date alone: 22/11/2026. */
export function formatDate(value: Instant): string {
  const p = cityClock(value);
  return p ? `${p.DD}/${p.MM}/${p.YYYY}` : EMPTY;
}

/** A time alone: 17:05. */
export function formatTime(value: Instant): string {
  const p = cityClock(value);
  return p ? `${p.HH}:${p.mm}` : EMPTY;
}

/** Any other date and time (logs, notifications, tables): 22/11/2026 17:05. */
export function formatDateTime(value: Instant): string {
  const p = cityClock(value);
  return p ? `${p.DD}/${p.MM}/${p.YYYY} ${p.HH}:${p.mm}` : EMPTY;
}

/** With seconds, where order of events matters (audit logs): 22/11/2026 17:05:09. */
export function formatDateTimeSeconds(value: Instant): string {
  const p = cityClock(value);
  return p ? `${p.DD}/${p.MM}/${p.YYYY} ${p.HH}:${p.mm}:${p.ss}` : EMPTY;
}

/** The patterns the date and time fields take (their placeholder, their "Use the format …"). */
export type DatePattern = 'DD-MM-YYYY' | 'DD-MM-YYYY HH:mm' | 'HH:mm';

/**
 * A date pattern as the console's language writes it: DD-MM-YYYY, JJ-MM-AAAA, يوم-شهر-سنة. Right to left, it
 * starts with and each part is followed by a left-to-right mark, so the parts stand where the digits typed under
 * them stand (a date's digits read left to right in every language): day on the left, year on the right.
 */
export function formatPattern(pattern: DatePattern): string {
  const text = {
    'DD-MM-YYYY': () => tr('DD-MM-YYYY'),
    'DD-MM-YYYY HH:mm': () => tr('DD-MM-YYYY HH:mm'),
    'HH:mm': () => tr('HH:mm'),
  }[pattern]();
  // The mark first too: a placeholder takes its direction from its first letter (Chromium), an Arabic one right to left.
  return textDirection(currentLanguage()) === 'rtl'
    ? `\u200e${text.replace(/[^\s/:.-]+/g, (part) => `${part}\u200e`)}`
    : text;
}

/** A month of the calendar ('2026-11') in words, in the current language: November 2026, novembre 2026. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
  return new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const axisDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day on a chart's axis, short and in the language, on the city's calendar: "Sat 28 Nov", "sam. 28 nov.",
 * "السبت 28 نوفمبر" (the table beside the chart gives the full date).
 */
export function formatAxisDay(value: Instant): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY;
  const locale = currentLocale();
  let format = axisDayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: CITY_TIME_ZONE,
    });
    axisDayFormats.set(locale, format);
  }
  return format.format(date);
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago" / "il y a 5 minutes" / "قبل 5 دقائق", against `now` (ms). */
export function formatRelative(value: Instant, now: number = Date.now()): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY;
  const seconds = Math.round((date.getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size || unit === 'second') return rtf.format(Math.trunc(seconds / size), unit);
  }
  return EMPTY;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${currentLanguage()}|${key}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(currentLocale(), options);
    numberFormats.set(id, format);
  }
  return format;
}

export function formatNumber(value: number | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return numberFormat(`n${fractionDigits ?? ''}`, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits ?? 2,
  }).format(value);
}

/** Money is euros (shell.md §9). */
export function formatEuros(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return numberFormat('eur', { style: 'currency', currency: CURRENCY }).format(value);
}

/** A signed whole number: "+38", "-1", "0" (a score's bonus is negative, a penalty positive). */
export function formatSigned(value: number): string {
  return numberFormat('signed', { signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(value);
}

/** A short list in the language: "4 busy, 2 offline, 1 wrong vehicle type". */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(currentLocale(), { style: 'short', type: 'unit' }).format(items);
}

export function formatKm(metres: number | null | undefined): string {
  if (metres === null || metres === undefined || !Number.isFinite(metres)) return EMPTY;
  return `${formatNumber(metres / 1000, 1)} km`;
}

/** A travel time: minutes under an hour ("12 min"), else hours and minutes ("1 h 5 min"). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return EMPTY;
  const minutes = Math.max(0, Math.round(seconds / 60));
  const unit = (name: 'hour' | 'minute', value: number) =>
    numberFormat(`u-${name}`, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit('minute', minutes);
  const rest = minutes % 60;
  return rest === 0
    ? unit('hour', Math.floor(minutes / 60))
    : `${unit('hour', Math.floor(minutes / 60))} ${unit('minute', rest)}`;
}

/**
 * How long something has waited (the exceptions board's ages): seconds under a minute ("45 s"), then whole
 * minutes ("3 min"), then hours and minutes ("1 h 5 min"). Never rounded up: 3 min 59 s is "3 min".
 */
export function formatAge(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EMPTY;
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return tr('{{n}} s', { n: formatNumber(seconds) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return tr('{{n}} min', { n: formatNumber(minutes) });
  return tr('{{h}} h {{m}} min', { h: formatNumber(Math.floor(minutes / 60)), m: formatNumber(minutes % 60) });
}

/**
 * Phone numbers in one international form (+377 6 12 34 56 78), from whatever was stored; what cannot be
 * parsed is shown as typed. Show them inside a `dir="ltr"` element so they read the same in Arabic.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const parsed = parsePhoneNumberFromString(value.trim(), CITY_PHONE_REGION);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}
