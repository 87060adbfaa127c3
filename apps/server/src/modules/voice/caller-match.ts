import { PHONE_MATCH_DIGITS, phoneMatchKey } from '@taxi/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';

/**
 * `column` holds the number `number` as the caller lookup understands it (phoneMatchKey): the same last
 * PHONE_MATCH_DIGITS digits, through the expression indexes on the phone columns; a shorter number whole.
 * The expression is written out (not a parameter) so that it is the indexed one.
 */
export function sameNumber(column: AnyColumn, number: string): SQL {
  const key = phoneMatchKey(number);
  if (key.length < PHONE_MATCH_DIGITS) return eq(column, number);
  return sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), ${sql.raw(String(PHONE_MATCH_DIGITS))}) = ${key}`;
}
