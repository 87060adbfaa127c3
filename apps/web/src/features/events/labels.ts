import type { EventWhen } from '@taxi/shared';

type T = (source: string, vars?: Record<string, string | number>) => string;

// Each label is a literal t() call, so the catalogue test finds it; translated at render.
export const whenLabels = (t: T): Record<EventWhen, string> => ({
  upcoming: t('Upcoming'),
  today: t('Today'),
  past: t('Past'),
  all: t('All'),
});
