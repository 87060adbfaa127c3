import { Stack, Typography } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { BookingsTable } from './BookingsTable';

/** ReservationsList: scheduled (not immediate) active bookings. `now=0` asks the server to filter; the
 * table also drops immediate ones in case the server ignores the parameter. */
export default function ReservationsPage() {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h1">
        {BOOKING_UI.reservationsTitle}
      </Typography>
      <ExportCsvButton
        endpoint={endpoints.bookingsCsv}
        filter={{ group: 'all', now: false }}
        sx={{ alignSelf: 'flex-end' }}
      />
      <BookingsTable filters={{ group: 'all', now: false }} />
    </Stack>
  );
}
