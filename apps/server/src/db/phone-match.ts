import { PHONE_MATCH_DIGITS, type PhoneSearch } from '@taxi/shared';
import { type AnyColumn, or, type SQL, sql } from 'drizzle-orm';

/**
 * A stored phone number's digits (every other character dropped), the expression the phone indexes are built
 * on: trigram indexes for the search patterns (migration 0052), and the caller lookup's key on its last
 * PHONE_MATCH_DIGITS digits (0046). Written out, never a parameter, so that it is the indexed expression.
 */
export const phoneDigitsOf = (column: AnyColumn | SQL) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * `column` matches a phone search (phoneSearch in packages/shared): its digits are LIKE one of the search's
 * patterns. A pattern that ends with PHONE_MATCH_DIGITS digits or more (a whole number, or one's end) also
 * compares the key, so the key's index finds the few rows before LIKE checks them.
 */
export function phoneMatch(column: AnyColumn | SQL, search: PhoneSearch): SQL {
  const digits = phoneDigitsOf(column);
  const key = sql.raw(String(PHONE_MATCH_DIGITS));
  const conditions = search.patterns.map((pattern) => {
    const tail = /\d*$/.exec(pattern)?.[0] ?? '';
    return tail.length >= PHONE_MATCH_DIGITS
      ? sql`(right(${digits}, ${key}) = ${tail.slice(-PHONE_MATCH_DIGITS)} and ${digits} like ${pattern})`
      : sql`${digits} like ${pattern}`;
  });
  return or(...conditions) ?? sql`false`;
}
