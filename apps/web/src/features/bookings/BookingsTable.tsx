import {
  Alert,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  BOOKING_UI,
  type BookingDto,
  cardStatusLabel,
  DEFAULT_ROWS_PER_PAGE,
  MSG,
  type Paginated,
  ROWS_PER_PAGE_OPTIONS,
} from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, http, type QueryValue } from '../../api/client';
import { bookingKeys } from './api';
import { orderTime, statusColour } from './format';

/** A server-paged table of bookings (GET booking with the given filters). */
export function BookingsTable({
  filters,
  toolbar,
  keep = () => true,
}: {
  filters: Record<string, QueryValue>;
  toolbar?: ReactNode;
  keep?: (b: BookingDto) => boolean;
}) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  const params = { ...filters, page: page + 1, perPage };
  const query = useQuery({
    queryKey: bookingKeys.list(params),
    queryFn: ({ signal }) => http.get<Paginated<BookingDto>>('booking', params, signal),
    placeholderData: (prev) => prev,
  });
  const rows = (query.data?.data ?? []).filter(keep);
  return (
    <Paper variant="outlined">
      {toolbar}
      {query.isFetching && <LinearProgress />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <TableContainer>
        <Table size="small" data-testid="bookings-table">
          <TableHead>
            <TableRow>
              <TableCell>{BOOKING_UI.columns.id}</TableCell>
              <TableCell>{BOOKING_UI.columns.datetime}</TableCell>
              <TableCell>{BOOKING_UI.columns.status}</TableCell>
              <TableCell>{BOOKING_UI.columns.passenger}</TableCell>
              <TableCell>{BOOKING_UI.columns.route}</TableCell>
              <TableCell>{BOOKING_UI.columns.captain}</TableCell>
              <TableCell>{BOOKING_UI.columns.service}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/rides/${b.id}`}>
                    {BOOKING_UI.orderId(b.id)}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{orderTime(b.datetime)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={cardStatusLabel(b.status)}
                    sx={{ bgcolor: statusColour(b.status), color: '#fff' }}
                  />
                </TableCell>
                <TableCell>
                  {b.passenger.full_name}
                  <br />
                  <span style={{ color: '#777', fontSize: 12 }}>{b.passenger.phone_number}</span>
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  {b.pick_up_location_name}
                  {b.pull_down_location_name ? ` → ${b.pull_down_location_name}` : ''}
                </TableCell>
                <TableCell>{b.ride?.captain.full_name ?? '—'}</TableCell>
                <TableCell>{b.service.name}</TableCell>
              </TableRow>
            ))}
            {query.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                  {MSG.noData}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={query.data?.total ?? 0}
        page={query.data ? Math.min(page, Math.max(0, query.data.last_page - 1)) : page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
