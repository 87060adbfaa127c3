import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  COUNTED_PAYMENT_STATUS,
  type FieldDef,
  PAYMENTS_MSG,
  type PaymentRideRow,
  paymentRidesResource,
  type ResourceRow,
  RIDE_UI,
} from '@taxi/shared';
import { DataTable } from '../../components/DataTable/DataTable';
import { formatEuros, formatTime } from '../rides/format';
import { RideBookings } from './RideBookings';

const def = paymentRidesResource;

/** The payments page's own cells: date and time, captain and car names, euros, and chips per status. */
function paymentCell(resourceRow: ResourceRow, field: FieldDef) {
  const row = resourceRow as unknown as PaymentRideRow;
  switch (field.name) {
    case 'created_at':
      return <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(row.created_at)}</Box>;
    case 'captain':
      return row.captain.full_name;
    case 'car':
      return row.car?.number ?? RIDE_UI.none;
    case 'total':
      return <strong>{formatEuros(row.total)}</strong>;
    case 'statuses':
      return (
        <Stack direction="row" spacing={0.5}>
          {Object.entries(row.statuses).map(([status, n]) => (
            <Chip
              key={status}
              size="small"
              variant="outlined"
              color={status === COUNTED_PAYMENT_STATUS ? 'success' : 'default'}
              label={`${status} ${n}`}
            />
          ))}
        </Stack>
      );
    default:
      return undefined;
  }
}

/** people.md "Generic data table" on the payments page: read-only rides whose rows expand to their bookings. */
export default function PaymentsPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {def.title}
      </Typography>
      <DataTable
        def={def}
        renderCell={paymentCell}
        renderExpanded={(row) => <RideBookings rideId={row.id} />}
        expandLabel={(row, open) => (open ? PAYMENTS_MSG.collapseRide(row.id) : PAYMENTS_MSG.expandRide(row.id))}
        searchHint={PAYMENTS_MSG.searchHint}
      />
    </Stack>
  );
}
