import { formatDateTime, formatEuros } from '../../i18n/format';

/**
 * The ride pages use the shared formatters (apps/web/src/i18n/format.ts); these names stay for the pages
 * of other features that still import them. An instant without a value reads '—'.
 */
export function formatTime(value: string | null | undefined): string {
  return formatDateTime(value) || '—';
}

export { formatEuros };
