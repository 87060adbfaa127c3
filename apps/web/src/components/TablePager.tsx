import { TablePagination } from '@mui/material';
import { ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The pager under a server-paged table; `page` counts from 0 as MUI does, -1 `count` for "more than". */
export function TablePager({
  count,
  page,
  perPage,
  onPage,
  onPerPage,
  labelRowsPerPage,
  perPageOptions = ROWS_PER_PAGE_OPTIONS,
}: {
  count: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  labelRowsPerPage?: string;
  perPageOptions?: readonly number[];
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...perPageOptions]}
      labelRowsPerPage={labelRowsPerPage ?? t('Rows per page:')}
      labelDisplayedRows={({ from, to, count: total }) =>
        total === -1
          ? t('{{from}}–{{to}} of more than {{to}}', { from, to })
          : t('{{from}}–{{to}} of {{total}}', { from, to, total })
      }
      getItemAriaLabel={(type) =>
        type === 'first'
          ? t('Go to first page')
          : type === 'last'
            ? t('Go to last page')
            : type === 'next'
              ? t('Go to next page')
              : t('Go to previous page')
      }
      onPageChange={(_, next) => onPage(next)}
      onRowsPerPageChange={(e) => onPerPage(Number(e.target.value))}
    />
  );
}

/** A server-paged list's page (counting from 1, as the API does) and page size; a new size goes back to page 1. */
export function usePaging(initialPerPage: number) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  return { page, perPage, setPage, setPerPage };
}
export type Paging = ReturnType<typeof usePaging>;

/** The pager of a list paged by `usePaging`, shown only when there is more than one page. */
export function PagingPager({ total, paging }: { total: number; paging: Paging }) {
  if (total <= paging.perPage) return null;
  return (
    <TablePager
      count={total}
      page={paging.page - 1}
      perPage={paging.perPage}
      onPage={(p) => paging.setPage(p + 1)}
      onPerPage={(n) => {
        paging.setPerPage(n);
        paging.setPage(1);
      }}
    />
  );
}
