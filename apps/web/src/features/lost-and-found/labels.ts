import type { ChipProps } from '@mui/material';
import type { LostItemStatus } from '@taxi/shared';

type T = (source: string, vars?: Record<string, string | number>) => string;

// Each label is a literal t() call, so the catalogue test finds it; translated at render.
export const statusLabels = (t: T): Record<LostItemStatus, string> => ({
  found: t('Found'),
  contacted: t('Owner contacted'),
  returned: t('Returned'),
  disposed: t('Disposed'),
});

export const STATUS_COLORS: Record<LostItemStatus, ChipProps['color']> = {
  found: 'warning',
  contacted: 'info',
  returned: 'success',
  disposed: 'default',
};
