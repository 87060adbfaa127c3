import { Box, Paper, Stack } from '@mui/material';
import type { MonthlyBookingsDto } from '@taxi/shared';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { useCaptain, useMonthlyBookings } from './api';
import { PageHeader } from './components';

/** Columns for months whose bars are scaled to the busiest month, `max` bookings. */
const columns = (max: number): readonly TableColumn<MonthlyBookingsDto>[] => [
  { key: 'month', label: 'Month', sx: { width: 160 }, render: (m) => dayjs(`${m.month}-01`).format('MMMM YYYY') },
  { key: 'bookings', label: 'Bookings', sx: { width: 100 }, align: 'right', render: (m) => m.bookings },
  {
    key: 'bar',
    label: null,
    render: (m) => (
      <Box sx={{ height: 10, borderRadius: 1, bgcolor: 'primary.main', width: `${(m.bookings / max) * 100}%` }} />
    ),
  },
];

/** /captains/{id}/monthly-bookings: bookings served per month over the last year. */
export default function CaptainMonthlyBookingsPage() {
  const id = Number(useParams().id);
  const captain = useCaptain(id);
  const query = useMonthlyBookings(id);
  const max = Math.max(1, ...(query.data ?? []).map((m) => m.bookings));
  return (
    <Stack spacing={2}>
      <PageHeader title={`Monthly bookings${captain.data ? ` — ${captain.data.full_name}` : ''}`} />
      <FetchState query={query} />
      {query.data && (
        <Paper variant="outlined">
          <RowsTable
            columns={columns(max)}
            rows={query.data}
            rowKey={(m) => m.month}
            empty={null}
            testId="monthly-bookings"
          />
        </Paper>
      )}
    </Stack>
  );
}
