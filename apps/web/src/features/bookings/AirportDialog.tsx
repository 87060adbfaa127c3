import { CircularProgress, Stack, Typography } from '@mui/material';
import { BOOKING_MSG, BOOKING_UI } from '@taxi/shared';
import type { ReactNode } from 'react';
import { useAirportDetails } from './api';
import { BookingDialog } from './BookingDialog';
import type { DialogProps } from './dialogContext';
import { orderTime } from './format';

export function AirportDialog({ booking, close }: DialogProps) {
  const details = useAirportDetails(booking.id);
  const d = details.data;
  const rows: [string, ReactNode][] = d
    ? [
        [BOOKING_UI.airportLabels.agent, d.agent],
        [BOOKING_UI.airportLabels.agency, d.air_agency_name],
        [BOOKING_UI.passenger, `${d.first_name ?? ''} ${d.last_name ?? ''}`],
        [BOOKING_UI.phone, d.phone_number],
        [BOOKING_UI.airportLabels.whatsapp, d.whatsapp_number],
        [BOOKING_UI.riders, d.riders],
        [BOOKING_UI.bags, d.bags],
        [BOOKING_UI.airportLabels.pnr, d.pnr],
        [BOOKING_UI.airportLabels.airport, d.country],
        [BOOKING_UI.airportLabels.price, d.estimated_price],
        [BOOKING_UI.airportLabels.created, orderTime(d.booking_created_at)],
        [BOOKING_UI.airportLabels.updated, orderTime(d.last_update)],
      ]
    : [];
  return (
    <BookingDialog title={BOOKING_UI.airportTitle(booking.id)} onClose={close}>
      {details.isPending && <CircularProgress size={24} />}
      {details.isError && <Typography color="text.secondary">{BOOKING_MSG.noExtraDetails}</Typography>}
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={2} sx={{ py: 0.25 }}>
          <Typography sx={{ width: 110, color: 'text.secondary', fontSize: 13 }}>{label}</Typography>
          <Typography sx={{ fontSize: 13 }}>{value ?? '—'}</Typography>
        </Stack>
      ))}
    </BookingDialog>
  );
}
