import { Button } from '@mui/material';
import { RESOURCE_MSG } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { SelectionToolbar } from './SelectionToolbar';

export interface BulkBarProps {
  count: number;
  /** Each shown only when given. */
  onDelete?: () => void;
  onActivate?: () => void;
  onDeactivate?: () => void;
  onExport: () => void;
  exporting: boolean;
  pending: boolean;
  /** The page's own bulk actions (the declaration's `bulkActions`). */
  extra?: readonly { key: string; label: string }[];
  onExtra: (key: string) => void;
  onClear: () => void;
}

/** Over the list while rows are selected: "N selected" and what can be done to them at once. */
export function BulkBar({
  count,
  onDelete,
  onActivate,
  onDeactivate,
  onExport,
  exporting,
  pending,
  extra,
  onExtra,
  onClear,
}: BulkBarProps) {
  const { t } = useTranslation();
  const button = (label: string, onClick: () => void, props: { color?: 'error'; loading?: boolean } = {}) => (
    <Button size="small" variant="outlined" onClick={onClick} disabled={pending} {...props}>
      {label}
    </Button>
  );
  return (
    // On the paper itself: the error colour of Delete keeps its contrast in both schemes.
    <SelectionToolbar
      count={count}
      onClear={onClear}
      clearDisabled={pending}
      sx={{ borderTop: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {onActivate && button(RESOURCE_MSG.activate, onActivate)}
      {onDeactivate && button(RESOURCE_MSG.deactivate, onDeactivate)}
      {button(RESOURCE_MSG.exportSelection, onExport, { loading: exporting })}
      {extra?.map((a) => (
        <Button key={a.key} size="small" variant="outlined" onClick={() => onExtra(a.key)} disabled={pending}>
          {t(a.label)}
        </Button>
      ))}
      {onDelete && button(RESOURCE_MSG.delete, onDelete, { color: 'error' })}
    </SelectionToolbar>
  );
}
