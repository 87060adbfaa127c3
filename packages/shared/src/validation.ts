import { z } from 'zod';
import { isValidEmail, isValidPassword } from './credentials';
import { MSG } from './messages';

export { isValidEmail, isValidPassword };

/** Largest value of a PostgreSQL `integer` column: a larger id names no row (and overflows a query). */
export const DB_ID_MAX = 2_147_483_647;
/** Longest name, label, number or e-mail a form takes (fits every index). */
export const NAME_MAX = 255;
/** Longest free text (notes, reasons, comments). */
export const TEXT_MAX = 5000;
/** Longest search string of a list. */
export const SEARCH_MAX = 255;

/** A string holds no NUL character: PostgreSQL refuses `\u0000` in text. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * A database id (path, query or body; numeric strings coerced): a positive int4. `message` replaces
 * every message (e.g. MSG.required for a body field, MSG.notFound for a path id).
 */
export function dbId(message?: string) {
  return z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(DB_ID_MAX, message ?? MSG.invalidId);
}

/**
 * A trimmed text field of at most `max` characters, without NUL. Chain `.min(1, ...)` and the like as
 * with z.string(); `error` is the message when the value is missing or not a string.
 */
export function text(max: number = NAME_MAX, error?: string) {
  return z
    .string(error ? { error } : undefined)
    .trim()
    .max(max, MSG.textTooLong(max))
    .refine(hasNoNul, MSG.nulCharacter);
}

export const emailSchema = text(NAME_MAX, MSG.required).min(1, MSG.required).refine(isValidEmail, MSG.invalidEmail);

export const passwordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .refine(isValidPassword, MSG.invalidPassword);
