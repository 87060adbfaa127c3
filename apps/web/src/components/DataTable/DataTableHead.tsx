import { Checkbox, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { type FieldDef, RESOURCE_MSG } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import type { TableQuery } from './api';

export interface DataTableHeadProps {
  columns: readonly FieldDef[];
  q: TableQuery;
  expandable: boolean;
  selectable: boolean;
  hasActions: boolean;
  /** Rows of this page, and how many of them are selected. */
  rowCount: number;
  selectedCount: number;
  onSelectAll: (checked: boolean) => void;
  onSort: (name: string) => void;
}

/** The header row: select the page's rows, sortable id and field columns, actions. */
export function DataTableHead({
  columns,
  q,
  expandable,
  selectable,
  hasActions,
  rowCount,
  selectedCount,
  onSelectAll,
  onSort,
}: DataTableHeadProps) {
  const { t } = useTranslation();
  return (
    <TableHead>
      <TableRow>
        {expandable && <TableCell padding="checkbox" />}
        {selectable && (
          <TableCell padding="checkbox">
            <Checkbox
              indeterminate={selectedCount > 0 && selectedCount < rowCount}
              checked={rowCount > 0 && selectedCount === rowCount}
              onChange={(e) => onSelectAll(e.target.checked)}
              disabled={rowCount === 0}
              slotProps={{ input: { 'aria-label': RESOURCE_MSG.selectPage } }}
            />
          </TableCell>
        )}
        <TableCell sortDirection={q.sortBy === 'id' ? (q.descending ? 'desc' : 'asc') : false}>
          <TableSortLabel
            active={q.sortBy === 'id'}
            direction={q.descending ? 'desc' : 'asc'}
            onClick={() => onSort('id')}
          >
            #
          </TableSortLabel>
        </TableCell>
        {columns.map((f) => (
          <TableCell
            key={f.name}
            align={f.align}
            sortDirection={q.sortBy === f.name ? (q.descending ? 'desc' : 'asc') : false}
          >
            {f.sortable ? (
              <TableSortLabel
                active={q.sortBy === f.name}
                direction={q.sortBy === f.name && q.descending ? 'desc' : 'asc'}
                onClick={() => onSort(f.name)}
              >
                {t(f.label)}
              </TableSortLabel>
            ) : (
              t(f.label)
            )}
          </TableCell>
        ))}
        {hasActions && <TableCell align="right">{RESOURCE_MSG.actions}</TableCell>}
      </TableRow>
    </TableHead>
  );
}
