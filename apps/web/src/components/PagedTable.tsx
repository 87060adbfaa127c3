import { Paper, TableContainer } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_ROWS_PER_PAGE, MSG, type Paginated } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { FetchState } from './FetchState';
import { pagerCount, pagerPage } from './pagerCount';
import { RowsTable, type TableColumn } from './RowsTable';
import { TablePager } from './TablePager';

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

export type PagedColumn<T> = TableColumn<T>;

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
  emptyText = MSG.noData,
}: {
  columns: readonly PagedColumn<T>[];
  query: Pick<UseQueryResult<Paginated<T>>, 'data' | 'isPending' | 'isFetching' | 'isError' | 'error' | 'refetch'>;
  paging: Paging;
  rowKey: (row: T) => string | number;
  onOpen?: (row: T) => void;
  toolbar?: ReactNode;
  testId?: string;
  size?: 'small' | 'medium';
  /** What an empty list says ('No data' by default). */
  emptyText?: ReactNode;
}) {
  const rows = query.data?.data ?? [];
  return (
    <Paper variant="outlined">
      {toolbar}
      <FetchState query={query} keepSpace />
      <TableContainer>
        <RowsTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          size={size}
          testId={testId}
          empty={query.isPending || query.isError ? null : emptyText}
          emptySx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}
          rowProps={(row) => ({
            hover: true,
            ...(onOpen && {
              tabIndex: 0,
              sx: { cursor: 'pointer' },
              onClick: () => onOpen(row),
              onKeyDown: (e: React.KeyboardEvent) => {
                if (e.key === 'Enter') onOpen(row);
              },
            }),
          })}
        />
      </TableContainer>
      {/* A failed first load has no page to count: its error says so, not "0–0 of 0". */}
      {(query.data || !query.isError) && (
        <TablePager
          count={pagerCount(query.data, paging.perPage)}
          page={pagerPage(query.data, paging.page)}
          perPage={paging.perPage}
          onPage={paging.setPage}
          onPerPage={paging.setPerPage}
        />
      )}
    </Paper>
  );
}
