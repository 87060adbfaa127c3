import { Stack, Typography } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { BookingsTable } from './BookingsTable';

/** ReservationsList: scheduled (not immediate) active bookings. `now=0` asks the server to filter; the
 * table also drops immediate ones in case the server ignores the parameter. */
export default function ReservationsPage() {
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h1">
        {BOOKING_UI.reservationsTitle}
      </Typography>
      <BookingsTable filters={{ group: 'all', now: false }} />
    </Stack>
  );
}
