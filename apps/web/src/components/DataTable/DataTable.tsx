import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  cataloguePolicy,
  DEFAULT_ROWS_PER_PAGE,
  DIALOG_RESET_DELAY_MS,
  type FieldDef,
  isListed,
  MSG,
  pathTo,
  RESOURCE_MSG,
  type ResourceDef,
  type ResourceRow,
  ROWS_PER_PAGE_OPTIONS,
  resourceUrl,
} from '@taxi/shared';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, http } from '../../api/client';
import { toast } from '../../api/toast';
import { useCurrentUser, usePolicy } from '../../features/auth/currentUser';
import { downloadCsv, type TableQuery, useResourceList, useResourceMutations } from './api';
import { ResourceForm } from './ResourceForm';
import { cellText } from './values';

export interface DataTableProps {
  def: ResourceDef;
  /** Values of the url's `{param}`s (nested lists). */
  params?: Record<string, string | number>;
  /** Shown above the table (optional). */
  title?: ReactNode;
  /** Bulk actions on the selected rows. */
  onBulkAction?: (key: string, rows: ResourceRow[]) => void;
  /** A cell drawn by the page (undefined: the default text of the field). */
  renderCell?: (row: ResourceRow, field: FieldDef) => ReactNode | undefined;
  /** What an expanded row shows (instead of the declaration's `expand` list). */
  renderExpanded?: (row: ResourceRow) => ReactNode;
  /** The expand button's accessible name. */
  expandLabel?: (row: ResourceRow, open: boolean) => string;
  /** Under the search box: what it searches. */
  searchHint?: string;
}

function ExpandedRows({ url, columns }: { url: string; columns: readonly { name: string; label: string }[] }) {
  const query = useQuery({
    queryKey: ['resources', 'expand', url],
    queryFn: ({ signal }) => http.get<ResourceRow[] | { data: ResourceRow[] }>(url, undefined, signal),
  });
  const rows = Array.isArray(query.data) ? query.data : (query.data?.data ?? []);
  if (query.isLoading) return <LinearProgress />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.name}>{c.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>{MSG.noData}</TableCell>
          </TableRow>
        )}
        {rows.map((r) => (
          <TableRow key={r.id}>
            {columns.map((c) => (
              <TableCell key={c.name}>{String(r[c.name] ?? '')}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The generic data table of people.md: search (Enter), New, per-row edit/delete (allowed per row),
 * extra row actions, expandable rows, selection with bulk actions, server-side paging and sorting,
 * CSV export, and the add/edit dialog built from the declaration.
 */
export function DataTable({
  def,
  params = {},
  title,
  onBulkAction,
  renderCell,
  renderExpanded,
  expandLabel,
  searchHint,
}: DataTableProps) {
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
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const list = useResourceList(def, url, q);
  const { remove } = useResourceMutations(def, url);
  const rows = list.data?.data ?? [];
  const columns = def.fields.filter(isListed);
  const hasActions = writable || (def.rowActions?.length ?? 0) > 0;
  const selectable = (def.bulkActions?.length ?? 0) > 0;
  const colSpan = columns.length + 1 + (hasActions ? 1 : 0) + (expandable ? 1 : 0) + (selectable ? 1 : 0);

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

  const reset = () => {
    setSearchText('');
    setSelected([]);
    setQ(initial);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(MSG.deleted);
    } catch (error) {
      toast.error(errorMessage(error, MSG.deleteFailed) || MSG.deleteFailed);
    } finally {
      setToDelete(null);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(def, url, q);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const selectedRows = rows.filter((r) => selected.includes(r.id));

  return (
    <Paper variant="outlined" data-testid={`table-${def.key}`}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
        {title && (
          <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {title}
          </Typography>
        )}
        {!title && <Box sx={{ flex: '1 1 auto' }} />}
        {selectable && selected.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{RESOURCE_MSG.selected(selected.length)}</Typography>
            {def.bulkActions?.map((a) => (
              <Button key={a.key} size="small" variant="outlined" onClick={() => onBulkAction?.(a.key, selectedRows)}>
                {a.label}
              </Button>
            ))}
          </Stack>
        )}
        <TextField
          size="small"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 280 } }}
          placeholder={RESOURCE_MSG.search}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setQ((prev) => ({ ...prev, page: 1, search: searchText.trim() }));
          }}
          helperText={searchHint}
          slotProps={{
            htmlInput: { 'aria-label': RESOURCE_MSG.search },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tooltip title={RESOURCE_MSG.exportCsv}>
          <span>
            <IconButton aria-label={RESOURCE_MSG.exportCsv} onClick={exportCsv} disabled={exporting}>
              <DownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
        {writable && (
          <Button variant="contained" onClick={() => openDialog(null)}>
            {RESOURCE_MSG.newButton}
          </Button>
        )}
      </Toolbar>
      {list.isFetching && <LinearProgress />}
      {list.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {errorMessage(list.error)}
        </Alert>
      )}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {expandable && <TableCell padding="checkbox" />}
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    indeterminate={selected.length > 0 && selected.length < rows.length}
                    checked={rows.length > 0 && selected.length === rows.length}
                    onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
                  />
                </TableCell>
              )}
              <TableCell sortDirection={q.sortBy === 'id' ? (q.descending ? 'desc' : 'asc') : false}>
                <TableSortLabel
                  active={q.sortBy === 'id'}
                  direction={q.descending ? 'desc' : 'asc'}
                  onClick={() => sortBy('id')}
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
                      onClick={() => sortBy(f.name)}
                    >
                      {f.label}
                    </TableSortLabel>
                  ) : (
                    f.label
                  )}
                </TableCell>
              ))}
              {hasActions && <TableCell align="right">{RESOURCE_MSG.actions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {!list.isLoading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 6 }}>
                  <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                    <Typography color="text.secondary">{MSG.noData}</Typography>
                    <Button variant="outlined" onClick={reset}>
                      {RESOURCE_MSG.reset}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const editable = writable && (def.canEdit?.(row, ctx) ?? true);
              const deletable = writable && (def.canDelete?.(row, ctx) ?? true);
              const open = expanded === row.id;
              return (
                <Fragment key={row.id}>
                  <TableRow
                    hover
                    selected={selected.includes(row.id) || open}
                    sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}
                  >
                    {expandable && (
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-expanded={open}
                          aria-label={expandLabel?.(row, open) ?? RESOURCE_MSG.expand}
                          onClick={() => setExpanded(open ? null : row.id)}
                        >
                          {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                        </IconButton>
                      </TableCell>
                    )}
                    {selectable && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(row.id)}
                          onChange={(e) =>
                            setSelected((s) => (e.target.checked ? [...s, row.id] : s.filter((id) => id !== row.id)))
                          }
                        />
                      </TableCell>
                    )}
                    <TableCell>{row.id}</TableCell>
                    {columns.map((f) => (
                      <TableCell key={f.name} align={f.align}>
                        {renderCell?.(row, f) ??
                          (f.type === 'color' && typeof row[f.name] === 'string' ? (
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                              <Box
                                sx={{
                                  width: 16,
                                  height: 16,
                                  borderRadius: 0.5,
                                  border: 1,
                                  borderColor: 'divider',
                                  bgcolor: String(row[f.name]),
                                }}
                              />
                              <span>{String(row[f.name])}</span>
                            </Stack>
                          ) : (
                            cellText(f, row, RESOURCE_MSG.yes, RESOURCE_MSG.no)
                          ))}
                      </TableCell>
                    ))}
                    {hasActions && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {def.rowActions?.map((a) => (
                          <Button
                            key={a.key}
                            size="small"
                            component={RouterLink}
                            to={pathTo(
                              a.route,
                              Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, String(row[v])])),
                            )}
                          >
                            {a.label}
                          </Button>
                        ))}
                        {writable && (
                          <>
                            <Tooltip title={RESOURCE_MSG.edit}>
                              <span>
                                <IconButton
                                  size="small"
                                  aria-label={RESOURCE_MSG.edit}
                                  disabled={!editable}
                                  onClick={() => openDialog(row)}
                                >
                                  <EditIcon fontSize="small" />
                                </IconButton>
                              </span>
                            </Tooltip>
                            <Tooltip title={RESOURCE_MSG.delete}>
                              <span>
                                <IconButton
                                  size="small"
                                  aria-label={RESOURCE_MSG.delete}
                                  disabled={!deletable}
                                  onClick={() => setToDelete(row)}
                                >
                                  <DeleteIcon fontSize="small" />
                                </IconButton>
                              </span>
                            </Tooltip>
                          </>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                  {expandable && (
                    <TableRow>
                      <TableCell colSpan={colSpan} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
                        <Collapse in={open} unmountOnExit>
                          <Box sx={{ py: 1.5, pl: 6, pr: 1, bgcolor: 'action.hover', borderRadius: 1, my: 1 }}>
                            {renderExpanded
                              ? renderExpanded(row)
                              : def.expand && (
                                  <ExpandedRows
                                    url={def.expand.url.replace('{id}', String(row.id))}
                                    columns={def.expand.columns}
                                  />
                                )}
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={Math.max(0, q.page - 1)}
        rowsPerPage={q.perPage}
        rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
        labelRowsPerPage={RESOURCE_MSG.rowsPerPage}
        onPageChange={(_, page) => setQ((prev) => ({ ...prev, page: page + 1 }))}
        onRowsPerPageChange={(e) => setQ((prev) => ({ ...prev, page: 1, perPage: Number(e.target.value) }))}
      />

      <Dialog open={dialogOpen} onClose={closeDialog} fullWidth maxWidth="sm" aria-labelledby="resource-dialog-title">
        <DialogTitle id="resource-dialog-title">{editing ? RESOURCE_MSG.editTitle : RESOURCE_MSG.newTitle}</DialogTitle>
        <DialogContent>
          <ResourceForm
            def={def}
            url={url}
            row={editing}
            resetKey={resetKey}
            onSaved={closeDialog}
            onCancel={closeDialog}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)}>
        <DialogContent>
          <DialogContentText>{MSG.confirmDelete}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>{RESOURCE_MSG.cancel}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} loading={remove.isPending} autoFocus>
            {RESOURCE_MSG.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
