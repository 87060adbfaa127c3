import { Alert, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  COUNTED_PAYMENT_STATUS,
  cardStatusLabel,
  codeLabel,
  PAYMENTS_MSG,
  paymentRidesResource,
  RIDE_UI,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { errorMessage } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { formatEuros, formatOrderTime } from '../../i18n/format';

const expand = paymentRidesResource.expand;

/** The expanded row of a ride: its bookings (`GET payment/ride/{id}/bookings`) with their payments. */
export function RideBookings({ rideId }: { rideId: number }) {
  const query = useQuery({
    queryKey: ['resources', paymentRidesResource.key, 'expand', rideId],
    queryFn: ({ signal }) => apiData(endpoints.rideBookings, { params: { id: rideId }, signal }),
  });
  if (query.isLoading) return <LinearProgress aria-label={PAYMENTS_MSG.ridesOf(rideId)} />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const rows = query.data ?? [];
  return (
    <Table size="small" aria-label={PAYMENTS_MSG.ridesOf(rideId)} data-testid={`ride-bookings-${rideId}`}>
      <TableHead>
        <TableRow>
          {expand.columns.map((c) => (
            <TableCell key={c.name} sx={{ fontWeight: 600, color: 'text.secondary' }}>
              {tr(c.label)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={expand.columns.length} sx={{ color: 'text.secondary' }}>
              {PAYMENTS_MSG.noBookings}
            </TableCell>
          </TableRow>
        )}
        {rows.map((b) => (
          <TableRow key={b.id}>
            <TableCell>#{b.id}</TableCell>
            <TableCell>{cardStatusLabel(b.status)}</TableCell>
            <TableCell>{b.passenger.full_name || RIDE_UI.none}</TableCell>
            <TableCell>
              {b.pick_up_location_name} → {b.pull_down_location_name ?? RIDE_UI.none}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatOrderTime(b.datetime)}</TableCell>
            <TableCell>
              {(b.payments ?? []).length === 0 ? (
                <span>{PAYMENTS_MSG.noPayments}</span>
              ) : (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {(b.payments ?? []).map((p) => (
                    <Chip
                      key={p.id}
                      size="small"
                      variant={p.status === COUNTED_PAYMENT_STATUS ? 'filled' : 'outlined'}
                      color={p.status === COUNTED_PAYMENT_STATUS ? 'success' : 'default'}
                      label={`${codeLabel('paymentType', p.type)} · ${formatEuros(p.amount)} · ${codeLabel('paymentStatus', p.status)}`}
                    />
                  ))}
                </Stack>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
