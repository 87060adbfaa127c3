import {
  AsYouType,
  type CountryCode,
  parseIncompletePhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { PHONE_MATCH_DIGITS } from './voice';

/**
 * Phone numbers as operators type them: one reading of a typed number for every phone search (the passenger and
 * captain lists and pickers, the phone booking, the palette, the board and the advanced search, the caller lookup),
 * normalised by libphonenumber in the city's region. The server turns the result into SQL over a stored number's
 * digits (apps/server/src/db/phone-match.ts); the console compares numbers with the same rule.
 */

/**
 * The city's default region: a number typed without its country code is read as this country's (the demo city
 * is Monaco, Europe/Monaco as in city-time.ts). Its neighbours' numbers typed nationally are found too (see
 * phoneSearch): 06 00 00 93 51 finds +33 6 00 00 93 51 as well as +377 6 00 00 93 51.
 */
export const CITY_PHONE_REGION: CountryCode = 'MC';

/** A number that is not a whole one is searched for from this many significant digits on. */
export const PHONE_SEARCH_MIN_DIGITS = 4;

/** Digits of any script, spaces and the punctuation numbers are written with; no letter. */
const PHONE_TEXT = /^[\p{Nd}\s+().\-/]+$/u;
const MAX_DIGITS = 20;

export interface PhoneSearch {
  /**
   * The typed number in E.164 (+377600009351) when it is a whole number (libphonenumber's "possible" number),
   * read in the city's region when typed without a country code; null for a part of a number.
   */
  e164: string | null;
  /** A whole number's national significant number (600009351): without country code or trunk prefix. */
  national: string | null;
  /** Whether it was typed with a country code (+33…, 0033…): then that country's numbers only. */
  international: boolean;
  /**
   * What a stored number must look like to match, as SQL LIKE patterns (digits and `%` only) over its digits
   * (every other character dropped: "+33 6 00 00 93 51" is 33600009351); one of them is enough.
   */
  patterns: string[];
}

/**
 * `search` (the lists): a whole number typed with its country code finds the numbers that start with it, and that
 * number written nationally on file (0600009351); typed nationally (0600009351, 06 00 00 93 51, 600009351) it
 * finds every number holding its national significant number, whatever their country code (a border city's
 * callers give their French number the French way); a part of a number finds the numbers containing its
 * significant digits (06 00 00: 60000; 009351 as typed), or starting with it after a country code (+33 6 00).
 * `number` (the caller lookup, one person): a whole number typed internationally is that number exactly (or that
 * number written nationally on file), as is a caller ID in E.164 without its + (33640123456); typed nationally,
 * the numbers that end with its national significant number; any other run of digits is compared by its last
 * PHONE_MATCH_DIGITS digits, a shorter one whole.
 * Null when the text is not a phone number (a letter, no digit, too few or too many digits).
 */
export function phoneSearch(
  query: string,
  region: CountryCode = CITY_PHONE_REGION,
  mode: 'search' | 'number' = 'search',
): PhoneSearch | null {
  const text = query.trim();
  if (!text || text.length > 64 || !PHONE_TEXT.test(text)) return null;
  // '+' and ASCII digits: Arabic-Indic digits become 0-9, spaces and punctuation go
  const typed = parseIncompletePhoneNumber(text);
  const digits = typed.replace(/\D/g, '');
  if (!digits || digits.length > MAX_DIGITS) return null;

  let whole = parsePhoneNumberFromString(typed, region);
  // a caller ID is often E.164 without its + (33640123456): read so when it is no national number
  if (mode === 'number' && !whole?.isPossible() && !typed.startsWith('+') && !typed.startsWith('0')) {
    whole = parsePhoneNumberFromString(`+${digits}`);
  }
  if (whole?.isPossible()) {
    const national = whole.nationalNumber;
    const full = `${whole.countryCallingCode}${national}`;
    const international = typed.startsWith('+') || digits.endsWith(full);
    // how the number is written in its own country (06 00 00 93 51), as a number may have been stored
    const atHome = whole.formatNational().replace(/\D/g, '');
    const patterns = international
      ? unique([mode === 'search' ? `${full}%` : full, atHome !== full ? atHome : ''])
      : [mode === 'search' ? `%${national}%` : `%${national}`];
    return { e164: whole.number, national, international, patterns };
  }

  if (mode === 'number') {
    const patterns = digits.length >= PHONE_MATCH_DIGITS ? [`%${digits.slice(-PHONE_MATCH_DIGITS)}`] : [digits];
    return { e164: null, national: null, international: typed.startsWith('+'), patterns };
  }

  const partial = new AsYouType(region);
  partial.input(typed);
  if (partial.isInternational()) {
    // the country code and what follows it; typed with 00 it may also be digits from inside a number (009351)
    const start = (partial.getNumberValue() ?? '').replace(/\D/g, '');
    const patterns = unique([
      start.length >= PHONE_SEARCH_MIN_DIGITS ? `${start}%` : '',
      typed.startsWith('+') || digits.length < PHONE_SEARCH_MIN_DIGITS ? '' : `%${digits}%`,
    ]);
    return patterns.length ? { e164: null, national: null, international: true, patterns } : null;
  }
  const significant = partial.getNumber()?.nationalNumber || digits;
  if (significant.length < PHONE_SEARCH_MIN_DIGITS) return null;
  return { e164: null, national: null, international: false, patterns: [`%${significant}%`] };
}

const unique = (patterns: string[]) => [...new Set(patterns.filter(Boolean))];

/** A stored number's digits, as the patterns read it ("+33 6 00 00 93 51" → 33600009351). */
export function phoneDigits(value: string): string {
  return parseIncompletePhoneNumber(value).replace(/\D/g, '');
}

/** Whether a stored number matches a search: the console's mirror of the server's SQL. */
export function phoneMatches(search: PhoneSearch, stored: string | null | undefined): boolean {
  if (!stored) return false;
  const digits = phoneDigits(stored);
  return search.patterns.some((pattern) => likeDigits(pattern).test(digits));
}

const likeDigits = (pattern: string) => new RegExp(`^${pattern.replace(/[^\d%]/g, '').replaceAll('%', '.*')}$`);

/** Whether a stored number is the number `number` (a caller's), by the caller lookup's rule (`number` mode). */
export function isSamePhone(number: string, stored: string | null | undefined, region = CITY_PHONE_REGION): boolean {
  const search = phoneSearch(number, region, 'number');
  return search ? phoneMatches(search, stored) : false;
}
