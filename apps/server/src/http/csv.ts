import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CSV_TOTAL_HEADER, dateToCityLocal } from '@taxi/shared';
import { interpolate, pickLanguage, type TextVars, withTranslator } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { translateRendered } from '@taxi/shared/i18n/rendered';
import { and, asc, Column, desc, is, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Clock, dateOf } from '../lib/clock';

/**
 * Rows read per statement while a CSV export streams: at most `size` (tests make it small), and fewer while a
 * batch's statement takes longer than `targetMs`: the embedded engine answers in this thread, so one long statement
 * of a heavy query is a stall for every other request.
 */
export const csvBatch = { size: 1000, targetMs: 20 };
/** The first batch's rows: small, so that a heavy query's first statement is short too. */
const FIRST_BATCH = 100;
const MIN_BATCH = 20;

export type CsvValue = string | number | boolean | Date | null | undefined;

/** A cell that starts like a formula (= + - @, tab, CR) gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 cell: quoted when it holds a comma, quote, CR, LF or edge spaces; formulas defused. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // Numbers are written by us ("-3.50" is an amount, not a formula); text comes from users.
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its CRLF terminator. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A moment as the exports write it: the city's wall clock, `YYYY-MM-DD HH:mm` (empty for none). */
export const csvCityTime = (d: Date | null | undefined): string => (d ? dateToCityLocal(d) : '');

/** The city's day, `YYYY-MM-DD`, in an export's file name. */
export const csvCityDay = (clock: Clock): string => dateToCityLocal(dateOf(clock)).slice(0, 10);

/** Translates an export's English texts to the request's Accept-Language. */
export interface CsvTranslator {
  /** An English column header or cell word (or a text already rendered in English), translated. */
  (source: string): string;
  /**
   * Runs `render` with the shared texts (texts() objects, tr and the label functions built on them) in the
   * request's language, their `{{variables}}` included: a row's labels. `render` must be synchronous.
   */
  within<T>(render: () => T): T;
}

/** Translates an export's English column headers (and cell words) to the request's Accept-Language. */
export function csvTranslator(request: FastifyRequest): CsvTranslator {
  const language = pickLanguage(request.headers['accept-language']);
  if (language === 'en') return Object.assign((source: string) => source, { within: <T>(render: () => T) => render() });
  const catalogue = CATALOGUES[language];
  const translate = (source: string, vars?: TextVars) => interpolate(catalogue[source] || source, vars);
  return Object.assign((source: string) => translateRendered(catalogue, source), {
    within: <T>(render: () => T) => withTranslator(translate, render),
  });
}

// keyset paging ------------------------------------------------------------------------------------------

/** One key of an export's order. The last key must be unique (the id) so that the order is total. */
export interface KeysetKey {
  expr: SQLWrapper;
  descending: boolean;
  /** Never null (a NOT NULL column says so itself; give it for an expression). */
  notNull?: boolean;
}

const isNotNull = (k: KeysetKey) => k.notNull ?? (is(k.expr, Column) && k.expr.notNull);

/** The ORDER BY of the keys (PostgreSQL's defaults: NULLS LAST ascending, NULLS FIRST descending). */
export const keysetOrder = (keys: readonly KeysetKey[]): SQL[] =>
  keys.map((k) => (k.descending ? desc(k.expr) : asc(k.expr)));

/**
 * The keys as text, to select with each row: the next batch starts after the last row's values. Text
 * keeps what a JS value would lose (a timestamp's microseconds, a numeric's digits); PostgreSQL reads it
 * back as the key's own type in the comparison.
 */
export const keysetCursor = (keys: readonly KeysetKey[]): Record<`k${number}`, SQL<string | null>> =>
  Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string | null>`(${k.expr})::text`]));

/**
 * Rows strictly after the cursor values in the keys' order. Keys of one direction that are never null
 * compare as a row, `(a, b) > (x, y)`, which an index on (a, b) answers; otherwise the lexicographic OR,
 * with the first key's range (`a >= x`) repeated so that an index on it still bounds the scan.
 */
export function keysetAfter(keys: readonly KeysetKey[], values: readonly (string | null)[]): SQL {
  const direction = keys[0].descending;
  if (keys.every((k, i) => k.descending === direction && isNotNull(k) && values[i] !== null)) {
    const left = sql.join(
      keys.map((k) => sql`${k.expr}`),
      sql`, `,
    );
    const right = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return direction ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const same = (k: KeysetKey, v: string | null) => (v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${v}`);
  const after = (k: KeysetKey, v: string | null): SQL => {
    if (k.descending) return v === null ? sql`${k.expr} is not null` : sql`${k.expr} < ${v}`;
    if (v === null) return sql`false`;
    return isNotNull(k) ? sql`${k.expr} > ${v}` : sql`(${k.expr} > ${v} or ${k.expr} is null)`;
  };
  const [first] = keys;
  const v0 = values[0];
  let bound: SQL | undefined;
  if (v0 === null) bound = first.descending ? undefined : sql`${first.expr} is null`;
  else if (first.descending) bound = sql`${first.expr} <= ${v0}`;
  else bound = isNotNull(first) ? sql`${first.expr} >= ${v0}` : sql`(${first.expr} >= ${v0} or ${first.expr} is null)`;
  const branches = keys.map((k, i) => and(...keys.slice(0, i).map((p, j) => same(p, values[j])), after(k, values[i])));
  return and(bound, or(...branches)) as SQL;
}

/** `after` narrows to the rows after the previous batch (undefined for the first). */
export type KeysetLoad<T> = (page: {
  after: SQL | undefined;
  order: SQL[];
  cursor: Record<`k${number}`, SQL<string | null>>;
  limit: number;
}) => Promise<(T & Record<`k${number}`, string | null>)[]>;

/**
 * Reads a query in batches of `size` by keyset (each batch a short statement of its own: no OFFSET
 * rescans, no transaction held open, never more than one batch in memory). `load` selects `cursor` with
 * its columns, filters with `after` and orders by `order`.
 */
export async function* keysetBatches<T>(
  keys: readonly KeysetKey[],
  load: KeysetLoad<T>,
  max = csvBatch.size,
): AsyncGenerator<T[]> {
  const order = keysetOrder(keys);
  const cursor = keysetCursor(keys);
  let after: SQL | undefined;
  let size = Math.min(FIRST_BATCH, max);
  for (;;) {
    const started = performance.now();
    const rows = await load({ after, order, cursor, limit: size });
    // The statement's time sets the next batch's size: doubled while well under the target, halved over it (the
    // time the consumer then spends is not counted: it includes waiting for a slow reader).
    const took = performance.now() - started;
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    if (took > csvBatch.targetMs) size = Math.min(max, Math.max(MIN_BATCH, Math.floor(size / 2)));
    else if (took < csvBatch.targetMs / 2) size = Math.min(max, size * 2);
    // PGlite answers in the same thread, its promises resolve without leaving the microtask queue: let the
    // socket write this batch and other requests run before the next one.
    await nextTurn();
    const last = rows[rows.length - 1];
    after = keysetAfter(
      keys,
      keys.map((_, i) => last[`k${i}`] ?? null),
    );
  }
}

// the reply ----------------------------------------------------------------------------------------------

export interface CsvExport<T> {
  /** The file's base name: `passengers` gives passengers-2026-11-23.csv. */
  name: string;
  /** The date in the file name (the city's day). */
  date: string;
  /** Rows of the filter, counted before the first row is sent (X-Total-Count). */
  total: number;
  header: readonly string[];
  batches: AsyncIterable<T[]>;
  row: (item: T) => readonly CsvValue[];
}

/**
 * Sends a CSV export as a stream (X-Total-Count and the file name are exposed to the page's script also
 * when the console runs on another origin): UTF-8 BOM (Excel then reads accents and Arabic), the header row, then
 * each batch as it is read. The row count goes first in X-Total-Count so the client shows progress. The first
 * batch is read before the answer starts: a query that fails answers with its own error status (and its log
 * line), never a 200 holding only the header row.
 */
export async function sendCsv<T>(reply: FastifyReply, csv: CsvExport<T>): Promise<FastifyReply> {
  const batches = csv.batches[Symbol.asyncIterator]();
  const first = await batches.next();
  async function* body(): AsyncGenerator<string> {
    try {
      yield `\uFEFF${csvLine(csv.header)}`;
      for (let next = first; !next.done; next = await batches.next()) {
        let chunk = '';
        for (const item of next.value) chunk += csvLine(csv.row(item));
        yield chunk;
      }
    } finally {
      // A client that goes away stops the reads (no statement runs for a closed socket).
      await batches.return?.();
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.name}-${csv.date}.csv"`)
    .header(CSV_TOTAL_HEADER, String(csv.total))
    .header('cache-control', 'no-store')
    .header('access-control-expose-headers', `${CSV_TOTAL_HEADER}, Content-Disposition`)
    .send(Readable.from(body(), { objectMode: false }));
}
