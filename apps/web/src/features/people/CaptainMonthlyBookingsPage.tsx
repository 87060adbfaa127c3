import { Box, Paper, Stack } from '@mui/material';
import type { MonthlyBookingsDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatMonth, formatNumber } from '../../i18n/format';
import { useCaptain, useMonthlyBookings } from './api';
import { PageHeader } from './components';

/** Columns for months whose bars are scaled to the busiest month, `max` bookings. */
const columns = (max: number, t: (source: string) => string): readonly TableColumn<MonthlyBookingsDto>[] => [
  { key: 'month', label: t('Month'), sx: { width: 160 }, render: (m) => formatMonth(m.month) },
  {
    key: 'bookings',
    label: t('Bookings'),
    sx: { width: 100 },
    align: 'right',
    render: (m) => formatNumber(m.bookings),
  },
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
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const captain = useCaptain(id);
  const query = useMonthlyBookings(id);
  const max = Math.max(1, ...(query.data ?? []).map((m) => m.bookings));
  return (
    <Stack spacing={2}>
      <PageHeader
        title={
          captain.data ? t('Monthly bookings — {{name}}', { name: captain.data.full_name }) : t('Monthly bookings')
        }
      />
      <FetchState query={query} />
      {query.data && (
        <Paper variant="outlined">
          <RowsTable
            columns={columns(max, t)}
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
