import {
  Alert,
  LinearProgress,
  Paper,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type Theme,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_ROWS_PER_PAGE, MSG, type Paginated, ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../api/client';

/** Page (0-based, as MUI counts) and rows per page of a server-paged list; a new page size starts over. */
export function usePaging(initialPerPage: number = DEFAULT_ROWS_PER_PAGE) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPageState] = useState(initialPerPage);
  const setPerPage = (n: number) => {
    setPerPageState(n);
    setPage(0);
  };
  return { page, perPage, setPage, setPerPage, reset: () => setPage(0) };
}
export type Paging = ReturnType<typeof usePaging>;

export interface PagedColumn<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * A server-paged table: progress while fetching, the error, 'No data' when empty, and the pager. A row
 * with `onOpen` opens on click and on Enter.
 */
export function PagedTable<T>({
  columns,
  query,
  paging,
  rowKey,
  onOpen,
  toolbar,
  testId,
  size = 'small',
}: {
  columns: readonly PagedColumn<T>[];
  query: Pick<UseQueryResult<Paginated<T>>, 'data' | 'isPending' | 'isFetching' | 'isError' | 'error'>;
  paging: Paging;
  rowKey: (row: T) => string | number;
  onOpen?: (row: T) => void;
  toolbar?: ReactNode;
  testId?: string;
  size?: 'small' | 'medium';
}) {
  const rows = query.data?.data ?? [];
  // A page past the end (the list shrank meanwhile) shows as the last page.
  const lastPage = Math.max(0, (query.data?.last_page ?? 1) - 1);
  const page = query.data ? Math.min(paging.page, lastPage) : paging.page;
  const beyondCount = !!query.data && query.data.last_page > Math.ceil(query.data.total / paging.perPage);
  return (
    <Paper variant="outlined">
      {toolbar}
      <LinearProgress sx={{ visibility: query.isFetching ? 'visible' : 'hidden' }} />
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <TableContainer>
        <Table size={size} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={c.sx}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={rowKey(row)}
                hover
                {...(onOpen && {
                  tabIndex: 0,
                  sx: { cursor: 'pointer' },
                  onClick: () => onOpen(row),
                  onKeyDown: (e: React.KeyboardEvent) => {
                    if (e.key === 'Enter') onOpen(row);
                  },
                })}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} sx={c.sx}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!query.isPending && !query.isError && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
                  {MSG.noData}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        // Lists whose totals are counted only up to a cap say "more than" instead of a wrong count.
        count={beyondCount ? -1 : (query.data?.total ?? 0)}
        page={page}
        rowsPerPage={paging.perPage}
        rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
        onPageChange={(_, next) => paging.setPage(next)}
        onRowsPerPageChange={(e) => paging.setPerPage(Number(e.target.value))}
      />
    </Paper>
  );
}
