import { Alert, Stack } from '@mui/material';
import { AIRPORT_MSG, airportPolicy } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { usePolicy } from '../auth/currentUser';
import { AirportRequestForm } from './AirportRequestForm';
import { AirportRequestsList } from './AirportRequestsList';

/** airport/create (shell.md §2.2): where the airport agency lands — the request form and its requests. */
export default function AirportCreatePage() {
  useTranslation();
  const allows = usePolicy();
  if (!allows(airportPolicy.desk)) return <Alert severity="info">{AIRPORT_MSG.noAgency}</Alert>;
  return (
    <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', xl: 'flex-start' } }}>
      <AirportRequestForm />
      <AirportRequestsList />
    </Stack>
  );
}
