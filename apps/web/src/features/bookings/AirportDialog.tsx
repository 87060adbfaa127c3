import { CircularProgress, Stack, Typography } from '@mui/material';
import { BOOKING_MSG, BOOKING_UI } from '@taxi/shared';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { formatDateTime, formatEuros, formatPhone } from '../../i18n/format';
import { useAirportDetails } from './api';
import { BookingDialog } from './BookingDialog';
import type { DialogProps } from './dialogContext';

/** The airport desk's details of a booking; a failed load is the red 'no extra details' toast (bookings.md §8). */
export function AirportDialog({ booking, close }: DialogProps) {
  useTranslation();
  const details = useAirportDetails(booking.id);
  const d = details.data;
  const failed = details.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error(BOOKING_MSG.noExtraDetails);
    close();
  }, [failed, close]);
  // [label, value, left-to-right (phone numbers read the same in Arabic)]
  const rows: [string, ReactNode, boolean?][] = d
    ? [
        [BOOKING_UI.airportLabels.agent, d.agent],
        [BOOKING_UI.airportLabels.agency, d.air_agency_name],
        [BOOKING_UI.passenger, `${d.first_name ?? ''} ${d.last_name ?? ''}`],
        [BOOKING_UI.phone, formatPhone(d.phone_number) || null, true],
        [BOOKING_UI.airportLabels.whatsapp, formatPhone(d.whatsapp_number) || null, true],
        [BOOKING_UI.riders, d.riders],
        [BOOKING_UI.bags, d.bags],
        [BOOKING_UI.airportLabels.pnr, d.pnr],
        [BOOKING_UI.airportLabels.airport, d.country],
        [BOOKING_UI.airportLabels.price, d.estimated_price === null ? null : formatEuros(d.estimated_price)],
        [BOOKING_UI.airportLabels.created, formatDateTime(d.booking_created_at)],
        [BOOKING_UI.airportLabels.updated, formatDateTime(d.last_update)],
      ]
    : [];
  return (
    <BookingDialog title={BOOKING_UI.airportTitle(booking.id)} onClose={close}>
      {details.isPending && <CircularProgress size={24} />}
      {rows.map(([label, value, ltr]) => (
        <Stack key={label} direction="row" spacing={2} sx={{ py: 0.25 }}>
          <Typography sx={{ width: 110, color: 'text.secondary', fontSize: 13 }}>{label}</Typography>
          <Typography sx={{ fontSize: 13 }} dir={ltr && value ? 'ltr' : undefined}>
            {value ?? '—'}
          </Typography>
        </Stack>
      ))}
    </BookingDialog>
  );
}
