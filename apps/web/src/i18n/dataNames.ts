import { dataLabel } from '@taxi/shared/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A query's `select` that names each row in the console's language (dataLabel: the demo's services, categories...
 * as the catalogues translate them, a name typed by an operator as typed). A new function per language, so the
 * names are read again when the language changes; the cache keeps the names as the server sent them.
 */
export function useDataNames<T extends { name: string }>(): (rows: T[]) => T[] {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language reads the names again
  return useCallback((rows: T[]) => rows.map((row) => ({ ...row, name: dataLabel(row.name) })), [i18n.language]);
}
