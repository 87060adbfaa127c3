import { Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from '@mui/material';
import {
  type BulkAction,
  type BulkResult,
  bulkActionsOf,
  cataloguePolicy,
  DEFAULT_ROWS_PER_PAGE,
  DIALOG_RESET_DELAY_MS,
  isListed,
  MSG,
  RESOURCE_MSG,
  type ResourceDef,
  type ResourceRow,
  resourceUrl,
} from '@taxi/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { toast } from '../../api/toast';
import { useCurrentUser, usePolicy } from '../../features/auth/currentUser';
import { FetchState } from '../FetchState';
import { TablePager } from '../TablePager';
import { downloadCsv, type TableQuery, useResourceList, useResourceMutations } from './api';
import { BulkBar } from './BulkBar';
import { toastBulkResult } from './bulkToasts';
import { DataRow } from './DataRow';
import { DataTableHead } from './DataTableHead';
import { DataToolbar } from './DataToolbar';
import { serverMessageOr } from './errors';
import { DeleteDialog, FormDialog } from './FormDialogs';
import { type DataTableProps, typedRow } from './types';

export type { DataTableProps } from './types';

/**
 * The generic data table of people.md: search (Enter), New, per-row edit/delete (allowed per row),
 * extra row actions, expandable rows, selection with bulk actions, server-side paging and sorting,
 * CSV export, and the add/edit dialog built from the declaration.
 */
export function DataTable<D extends ResourceDef>({
  def,
  params = {},
  title,
  onBulkAction,
  renderCell,
  renderExpanded,
  expandLabel,
  searchHint,
  Form,
}: DataTableProps<D>) {
  const url = resourceUrl(def, params);
  const allows = usePolicy();
  const me = useCurrentUser();
  const ctx = { id: me.id, roles: me.roles ?? [], permissions: me.permissions ?? [] };
  // The catalogue's write rule, the one its add, edit and delete routes check.
  const writable = !def.readOnly && allows(cataloguePolicy(def).write);
  const expandable = !!def.expand || !!renderExpanded;
  const initial: TableQuery = {
    page: 1,
    perPage: DEFAULT_ROWS_PER_PAGE,
    sortBy: def.defaultSort ?? 'id',
    descending: false,
    search: '',
  };
  const [q, setQ] = useState<TableQuery>(initial);
  const [searchText, setSearchText] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<ResourceRow | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [toDelete, setToDelete] = useState<ResourceRow | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  // The selection, by id, across the pages of the list (a new filter clears it); rows as last seen.
  const [selected, setSelected] = useState<ReadonlyMap<number, ResourceRow>>(new Map());
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const list = useResourceList(def, url, q);
  const { remove, bulk } = useResourceMutations(def, url);
  const rows = list.data?.data ?? [];
  const columns = def.fields.filter(isListed);
  const hasActions = writable || (def.rowActions?.length ?? 0) > 0;
  // Every list exports its selection; writes need the catalogue's write rule, as their routes do.
  const bulkActions = writable ? bulkActionsOf(def) : [];
  // The id, the fields and the selection's checkbox, then what the list adds.
  const colSpan = columns.length + 2 + (hasActions ? 1 : 0) + (expandable ? 1 : 0);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const openDialog = (row: ResourceRow | null) => {
    clearTimeout(resetTimer.current);
    setEditing(row);
    setResetKey((k) => k + 1);
    setDialogOpen(true);
  };
  const closeDialog = () => {
    setDialogOpen(false);
    // The dialog keeps its content while it fades out, then resets (people.md §4).
    resetTimer.current = setTimeout(() => {
      setEditing(null);
      setResetKey((k) => k + 1);
    }, DIALOG_RESET_DELAY_MS);
  };

  const sortBy = (name: string) =>
    setQ((prev) => ({ ...prev, page: 1, sortBy: name, descending: prev.sortBy === name ? !prev.descending : false }));

  const clearSelection = () => setSelected(new Map());
  const select = (changed: readonly ResourceRow[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const row of changed) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  const pageSelected = rows.filter((r) => selected.has(r.id)).length;

  const search = (text: string) => {
    clearSelection();
    setQ((prev) => ({ ...prev, page: 1, search: text }));
  };

  const reset = () => {
    setSearchText('');
    clearSelection();
    setQ(initial);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setSelected((prev) => {
        const next = new Map(prev);
        next.delete(toDelete.id);
        return next;
      });
      toast.success(MSG.deleted);
    } catch (error) {
      toast.error(serverMessageOr(error, MSG.deleteFailed));
    } finally {
      setToDelete(null);
    }
  };

  /** Done rows leave the selection; refused ones stay, each distinct refusal told once with its rows. */
  const told = (action: BulkAction, result: BulkResult) => {
    const done =
      action === 'delete'
        ? toastBulkResult(result, MSG.deleted, MSG.deleteFailed)
        : toastBulkResult(result, MSG.saved, MSG.saveFailed);
    setSelected((prev) => new Map([...prev].filter(([id]) => !done.has(id))));
  };

  const runBulk = async (action: BulkAction) => {
    try {
      told(action, await bulk.mutateAsync({ action, ids: [...selected.keys()] }));
    } catch (error) {
      toast.error(serverMessageOr(error, action === 'delete' ? MSG.deleteFailed : MSG.saveFailed));
    } finally {
      setBulkDeleting(false);
    }
  };

  /** The current filter's CSV, or with `ids` the selection's. */
  const exportCsv = async (ids?: readonly number[]) => {
    setExporting(true);
    try {
      await downloadCsv(def, url, q, ids);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const bulkAction = (key: string) =>
    onBulkAction?.(
      key,
      [...selected.values()].map((r) => typedRow<D>(r)),
    );

  return (
    <Paper variant="outlined" data-testid={`table-${def.key}`}>
      <DataToolbar
        title={title}
        searchText={searchText}
        onSearchText={setSearchText}
        onSearch={search}
        searchHint={searchHint}
        exporting={exporting}
        onExport={() => void exportCsv()}
        onNew={writable ? () => openDialog(null) : undefined}
      />
      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          pending={bulk.isPending}
          exporting={exporting}
          onExport={() => void exportCsv([...selected.keys()])}
          onDelete={bulkActions.includes('delete') ? () => setBulkDeleting(true) : undefined}
          onActivate={bulkActions.includes('activate') ? () => void runBulk('activate') : undefined}
          onDeactivate={bulkActions.includes('deactivate') ? () => void runBulk('deactivate') : undefined}
          extra={onBulkAction ? def.bulkActions : undefined}
          onExtra={bulkAction}
          onClear={clearSelection}
        />
      )}
      <FetchState query={list} alertSx={{ mx: 2, mb: 1 }} />
      <TableContainer>
        <Table size="small">
          <DataTableHead
            columns={columns}
            q={q}
            expandable={expandable}
            selectable
            hasActions={hasActions}
            rowCount={rows.length}
            selectedCount={pageSelected}
            onSelectAll={(checked) => select(rows, checked)}
            onSort={sortBy}
          />
          <TableBody>
            {!list.isLoading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 6 }}>
                  <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                    <Typography color="textSecondary">{MSG.noData}</Typography>
                    <Button variant="outlined" onClick={reset}>
                      {RESOURCE_MSG.reset}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const open = expanded === row.id;
              return (
                <DataRow
                  key={row.id}
                  def={def}
                  row={row}
                  columns={columns}
                  ctx={ctx}
                  writable={writable}
                  hasActions={hasActions}
                  expandable={expandable}
                  selectable
                  selected={selected.has(row.id)}
                  open={open}
                  colSpan={colSpan}
                  onToggleOpen={() => setExpanded(open ? null : row.id)}
                  onSelect={(checked) => select([row], checked)}
                  onEdit={() => openDialog(row)}
                  onDelete={() => setToDelete(row)}
                  renderCell={renderCell}
                  renderExpanded={renderExpanded}
                  expandLabel={expandLabel}
                />
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {/* A failed first load has no page to count: its error says so, not "0–0 of 0". */}
      {(list.data || !list.isError) && (
        <TablePager
          count={list.data?.total ?? 0}
          page={Math.max(0, q.page - 1)}
          perPage={q.perPage}
          labelRowsPerPage={RESOURCE_MSG.rowsPerPage}
          onPage={(page) => setQ((prev) => ({ ...prev, page: page + 1 }))}
          onPerPage={(perPage) => setQ((prev) => ({ ...prev, page: 1, perPage }))}
        />
      )}
      <FormDialog
        def={def}
        url={url}
        open={dialogOpen}
        row={editing}
        resetKey={resetKey}
        onClose={closeDialog}
        Form={Form}
      />
      <DeleteDialog
        open={toDelete !== null}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <DeleteDialog
        open={bulkDeleting}
        pending={bulk.isPending}
        text={RESOURCE_MSG.confirmBulkDelete(selected.size)}
        onCancel={() => setBulkDeleting(false)}
        onConfirm={() => void runBulk('delete')}
      />
    </Paper>
  );
}
