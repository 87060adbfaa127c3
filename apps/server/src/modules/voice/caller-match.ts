import { phoneSearch } from '@taxi/shared';
import { type AnyColumn, eq, type SQL } from 'drizzle-orm';
import { phoneMatch } from '../../db/phone-match';

/**
 * `column` holds the number `number` as the caller lookup understands it (phoneSearch's `number` mode, read in
 * the city's region): a caller ID with its country code is that number (or that number written nationally on
 * file), a national one any number ending with its national significant number (0640123456 is the passenger
 * stored as "+33 6 40 12 34 56"), other digits by their last PHONE_MATCH_DIGITS, a shorter number whole.
 */
export function sameNumber(column: AnyColumn, number: string): SQL {
  const search = phoneSearch(number, undefined, 'number');
  return search ? phoneMatch(column, search) : eq(column, number);
}
