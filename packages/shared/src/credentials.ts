import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

// Checks of the login form without zod, so the login page's bundle does not carry it; validation.ts
// re-exports them beside its schemas.

/** Email: must contain an @ (shell.md §5). */
export function isValidEmail(value: string): boolean {
  return value.includes('@');
}

// The special set includes the accented e letters the spec names.
const SPECIAL = /[^A-Za-z0-9\s]|[éèêë]/;

/** 8 to 15 characters, one lowercase, one uppercase, one digit, one special (shell.md §5). */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    SPECIAL.test(value)
  );
}
