import { Alert, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PEOPLE_MSG } from '@taxi/shared';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatDateTime } from '../../components/time';
import { usePersonBookings } from './api';

/** Bookings history of a passenger or captain; an empty state while the bookings API lacks the call. */
export function PersonBookings({ kind, id }: { kind: 'passenger' | 'captain'; id: number }) {
  const query = usePersonBookings(kind, id);
  if (query.isPending) return <LinearProgress />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (query.data === null) return <Alert severity="info">{PEOPLE_MSG.notAvailableYet('The bookings list')}</Alert>;
  if (query.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {PEOPLE_MSG.noBookings}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid={`${kind}-bookings`}>
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>Date</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>From</TableCell>
          <TableCell>To</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {query.data.map((b) => (
          <TableRow key={b.id} hover>
            <TableCell>
              <RouterLink to={`/log/${b.id}`}>{b.id}</RouterLink>
            </TableCell>
            <TableCell>{formatDateTime(b.datetime)}</TableCell>
            <TableCell>{b.status}</TableCell>
            <TableCell>{b.pick_up_location_name ?? '—'}</TableCell>
            <TableCell>{b.pull_down_location_name ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
