import {
  Alert,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useBookingLogs } from './api';
import { cityDateTime } from './format';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** BookingLog: the booking's audit log, oldest first. */
export default function BookingLogPage() {
  const id = Number(useParams().id);
  const logs = useBookingLogs(id);
  const rows = logs.data ?? [];
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h1" sx={{ p: 2, pb: 1 }}>
        {BOOKING_UI.logTitle(id)}
      </Typography>
      {logs.isFetching && <LinearProgress />}
      {logs.isError && <Alert severity="error">{errorMessage(logs.error)}</Alert>}
      <TableContainer>
        <Table size="small" data-testid="booking-log">
          <TableHead>
            <TableRow>
              <TableCell>{BOOKING_UI.logColumns.title}</TableCell>
              <TableCell sx={{ width: 170 }}>{BOOKING_UI.logColumns.datetime}</TableCell>
              <TableCell sx={{ width: 200 }}>{BOOKING_UI.logColumns.doer}</TableCell>
              <TableCell>{BOOKING_UI.logColumns.change}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>{row.title}</TableCell>
                <TableCell>{cityDateTime(row.datetime)}</TableCell>
                <TableCell>{row.doer ?? '—'}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>
                  {show(row.before)} → {show(row.after)}
                </TableCell>
              </TableRow>
            ))}
            {logs.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                  {BOOKING_UI.noLogs}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
