import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useCaptain, useMonthlyBookings } from './api';
import { PageHeader } from './components';

/** /captains/{id}/monthly-bookings: bookings served per month over the last year. */
export default function CaptainMonthlyBookingsPage() {
  const id = Number(useParams().id);
  const captain = useCaptain(id);
  const query = useMonthlyBookings(id);
  const max = Math.max(1, ...(query.data ?? []).map((m) => m.bookings));
  return (
    <Stack spacing={2}>
      <PageHeader title={`Monthly bookings${captain.data ? ` — ${captain.data.full_name}` : ''}`} />
      {query.isPending && <LinearProgress />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.data && (
        <Paper variant="outlined">
          <Table size="small" data-testid="monthly-bookings">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 160 }}>Month</TableCell>
                <TableCell sx={{ width: 100 }} align="right">
                  Bookings
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.map((m) => (
                <TableRow key={m.month}>
                  <TableCell>{dayjs(`${m.month}-01`).format('MMMM YYYY')}</TableCell>
                  <TableCell align="right">{m.bookings}</TableCell>
                  <TableCell>
                    <Box
                      sx={{
                        height: 10,
                        borderRadius: 1,
                        bgcolor: 'primary.main',
                        width: `${(m.bookings / max) * 100}%`,
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
