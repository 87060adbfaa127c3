import { Checkbox } from '@mui/material';
import { type Endpoint, EXPORT_MAX_IDS, exportIdsValue, RESOURCE_MSG } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import type { QueryValue } from '../../api/client';
import { SelectionToolbar } from '../../components/DataTable/SelectionToolbar';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import type { PagedColumn } from '../../components/PagedTable';

/** A click or Enter on a checkbox is the checkbox's: the row under it opens on its own click and Enter only. */
const keepToCheckbox = {
  onClick: (e: React.MouseEvent) => e.stopPropagation(),
  onKeyDown: (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') e.stopPropagation();
  },
};

/**
 * The rows a people list has selected (people.md §2 "row selection with bulk actions"): kept by id across its
 * pages, cleared by its filters (`clear`). `column` is the checkbox column, its header selecting the page.
 */
export function useRowSelection<T extends { id: number }>(rows: readonly T[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const set = (changed: readonly T[], on: boolean) =>
    setIds((prev) => {
      const next = new Set(prev);
      for (const row of changed) {
        if (on) next.add(row.id);
        else next.delete(row.id);
      }
      return next;
    });
  const onPage = rows.filter((r) => ids.has(r.id)).length;
  const column: PagedColumn<T> = {
    key: 'select',
    sx: { width: 48, py: 0 },
    label: (
      <Checkbox
        size="small"
        checked={rows.length > 0 && onPage === rows.length}
        indeterminate={onPage > 0 && onPage < rows.length}
        disabled={rows.length === 0}
        onChange={(e) => set(rows, e.target.checked)}
        slotProps={{ input: { 'aria-label': RESOURCE_MSG.selectPage } }}
      />
    ),
    render: (row) => (
      <Checkbox
        size="small"
        checked={ids.has(row.id)}
        onChange={(e) => set([row], e.target.checked)}
        {...keepToCheckbox}
        slotProps={{ input: { 'aria-label': RESOURCE_MSG.selectRow(row.id) } }}
      />
    ),
  };
  /** Takes these rows out (the ones a bulk action has done). */
  const drop = (done: ReadonlySet<number>) => setIds((prev) => new Set([...prev].filter((id) => !done.has(id))));
  return { ids: [...ids], count: ids.size, column, clear: () => setIds(new Set()), drop };
}

/** Over a people list while rows are selected: "N selected", the list's own actions, Export selection, Clear. */
export function SelectionBar({
  selection,
  endpoint,
  order,
  children,
}: {
  selection: { ids: readonly number[]; count: number; clear: () => void };
  /** The list's export (`export.csv`), which takes the selection as `ids`. */
  endpoint: Endpoint;
  /** The list's order, which the file keeps. */
  order?: Record<string, QueryValue>;
  children?: ReactNode;
}) {
  if (selection.count === 0) return null;
  return (
    <SelectionToolbar
      count={selection.count}
      onClear={selection.clear}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {children}
      <ExportCsvButton
        endpoint={endpoint}
        filter={{ ...order, ids: exportIdsValue(selection.ids) }}
        disabled={selection.count > EXPORT_MAX_IDS}
      />
    </SelectionToolbar>
  );
}
