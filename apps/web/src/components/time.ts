import { formatDateTime, formatRelative } from '../i18n/format';

/**
 * Kept for older callers: dates go through ../i18n/format (one format for the whole console, in the
 * city's time), relative times in the current language.
 */
export { formatDateTime };

/** "5 minutes ago" / "il y a 5 minutes" / "قبل 5 دقائق". */
export function fromNow(value: string | null | undefined): string {
  return formatRelative(value);
}
