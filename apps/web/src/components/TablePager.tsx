import { TablePagination } from '@mui/material';
import { ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';

/** The pager under a server-paged table; `page` counts from 0 as MUI does, -1 `count` for "more than". */
export function TablePager({
  count,
  page,
  perPage,
  onPage,
  onPerPage,
  labelRowsPerPage,
}: {
  count: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  labelRowsPerPage?: string;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
      labelRowsPerPage={labelRowsPerPage}
      onPageChange={(_, next) => onPage(next)}
      onRowsPerPageChange={(e) => onPerPage(Number(e.target.value))}
    />
  );
}
