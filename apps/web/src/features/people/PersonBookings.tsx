import { Alert, Typography } from '@mui/material';
import { PEOPLE_MSG, STATUS_LABELS } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatComplaintTime } from '../../i18n/format';
import { type BookingRow, usePersonBookings } from './api';

const columns = (t: (source: string) => string): readonly TableColumn<BookingRow>[] => [
  { key: 'id', label: '#', render: (b) => <RouterLink to={`/log/${b.id}`}>{b.id}</RouterLink> },
  { key: 'date', label: t('Date'), render: (b) => formatComplaintTime(b.datetime) },
  {
    key: 'status',
    label: t('Status'),
    render: (b) => (STATUS_LABELS as Record<string, string | undefined>)[b.status] ?? b.status,
  },
  { key: 'from', label: t('From'), render: (b) => b.pick_up_location_name ?? '—' },
  { key: 'to', label: t('To'), render: (b) => b.pull_down_location_name ?? '—' },
];

/** Bookings history of a passenger or captain; an empty state while the bookings API lacks the call. */
export function PersonBookings({ kind, id }: { kind: 'passenger' | 'captain'; id: number }) {
  const { t } = useTranslation();
  const query = usePersonBookings(kind, id);
  if (!query.isSuccess) return <FetchState query={query} />;
  if (query.data === null) return <Alert severity="info">{PEOPLE_MSG.notAvailableYet(t('The bookings list'))}</Alert>;
  if (query.data.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        {PEOPLE_MSG.noBookings}
      </Typography>
    );
  }
  return (
    <RowsTable
      columns={columns(t)}
      rows={query.data}
      rowKey={(b) => b.id}
      empty={null}
      rowProps={() => ({ hover: true })}
      testId={`${kind}-bookings`}
    />
  );
}
