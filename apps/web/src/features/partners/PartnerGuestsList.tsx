import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { formatDateTime } from '../../i18n/format';
import { partnerKeys } from './api';

/** The partner's guests: its own records of the phone numbers it booked for (what its desk typed). */
export function PartnerGuestsList() {
  const { t } = useTranslation();
  const guests = useQuery({
    queryKey: partnerKeys.guests,
    queryFn: ({ signal }) => apiData(endpoints.partnerPassengers, { query: { page: 1, perPage: 25 }, signal }),
  });
  const rows = guests.data?.data ?? [];
  const title = t('Our guests');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="partner-guests">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {guests.isSuccess && rows.length === 0 && <Typography color="textSecondary">{MSG.noData}</Typography>}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Guest')}</TableCell>
                <TableCell>{t('Phone number')}</TableCell>
                <TableCell>{t('Room')}</TableCell>
                <TableCell align="right">{t('Bookings')}</TableCell>
                <TableCell>{t('Last booking')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((g) => (
                <TableRow key={g.id}>
                  <TableCell>{g.full_name}</TableCell>
                  <TableCell>
                    <span dir="ltr">{g.phone_number}</span>
                  </TableCell>
                  <TableCell>{g.room_number ?? ''}</TableCell>
                  <TableCell align="right">{g.bookings}</TableCell>
                  <TableCell>{g.last_booking_at ? formatDateTime(g.last_booking_at) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
