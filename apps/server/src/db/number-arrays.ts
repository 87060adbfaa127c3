import { type SQL, sql } from 'drizzle-orm';

/**
 * A list of numbers as one text parameter cast to an array in SQL (`'{1,2,3}'::int[]`): one parameter whatever the
 * length, where a parameter per value made the statement and its binding cost the node far more.
 *
 * The numbers are written with toFixed and toPrecision, not String() or join(): V8 keeps the text it makes of a number
 * that way in its number-string cache and allocates it straight in the old generation, where only a full collection
 * frees it. The positions' write-behind turns thousands of numbers a second into text, and with join() that alone
 * grew a node's old generation by about 0.6 MB/s of 0.78 (`--trace-gc-nvp` and a sampling heap profile of a node under
 * `npm run bench capacity`). toFixed and toPrecision make ordinary short-lived strings.
 */
const integerText = (n: number): string => (Number.isInteger(n) ? n.toFixed(0) : String(n));
/** 17 significant digits give back the same double. */
const floatText = (n: number): string => n.toPrecision(17);

/** The array's text, `{1,2,3}`: each number made a string of its own, then joined as strings. */
const intList = (values: readonly number[]): string => `{${values.map(integerText).join(',')}}`;
export const floatList = (values: readonly number[]): string => `{${values.map(floatText).join(',')}}`;

/** `'{…}'::int[]` */
export const intArray = (values: readonly number[]): SQL => sql`${intList(values)}::int[]`;

/** `'{…}'::double precision[]`, every value exactly. */
export const floatArray = (values: readonly number[]): SQL => sql`${floatList(values)}::double precision[]`;
