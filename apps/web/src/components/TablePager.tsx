import { TablePagination } from '@mui/material';
import { ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';
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
