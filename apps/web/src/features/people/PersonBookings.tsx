import { Alert, Typography } from '@mui/material';
import { PEOPLE_MSG } from '@taxi/shared';
import { Link as RouterLink } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatDateTime } from '../../components/time';
import { type BookingRow, usePersonBookings } from './api';

const COLUMNS: readonly TableColumn<BookingRow>[] = [
  { key: 'id', label: '#', render: (b) => <RouterLink to={`/log/${b.id}`}>{b.id}</RouterLink> },
  { key: 'date', label: 'Date', render: (b) => formatDateTime(b.datetime) },
  { key: 'status', label: 'Status', render: (b) => b.status },
  { key: 'from', label: 'From', render: (b) => b.pick_up_location_name ?? '—' },
  { key: 'to', label: 'To', render: (b) => b.pull_down_location_name ?? '—' },
];

/** Bookings history of a passenger or captain; an empty state while the bookings API lacks the call. */
export function PersonBookings({ kind, id }: { kind: 'passenger' | 'captain'; id: number }) {
  const query = usePersonBookings(kind, id);
  if (!query.isSuccess) return <FetchState query={query} />;
  if (query.data === null) return <Alert severity="info">{PEOPLE_MSG.notAvailableYet('The bookings list')}</Alert>;
  if (query.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {PEOPLE_MSG.noBookings}
      </Typography>
    );
  }
  return (
    <RowsTable
      columns={COLUMNS}
      rows={query.data}
      rowKey={(b) => b.id}
      empty={null}
      rowProps={() => ({ hover: true })}
      testId={`${kind}-bookings`}
    />
  );
}
