import { Box, Chip, Stack } from '@mui/material';
import {
  COUNTED_PAYMENT_STATUS,
  type FieldDef,
  PAYMENTS_MSG,
  paymentRidesResource,
  RIDE_UI,
  type RowOf,
} from '@taxi/shared';
import { formatDateTime, formatEuros } from '../../../i18n/format';
import { RideBookings } from '../../payments/RideBookings';
import { defineCatalogueWeb } from '../web';

/** The payments page's own cells: date and time, captain and car names, euros, and chips per status. */
export function paymentCell(row: RowOf<typeof paymentRidesResource>, field: FieldDef) {
  switch (field.name) {
    case 'created_at':
      return <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Box>;
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
export default defineCatalogueWeb(paymentRidesResource, {
  renderCell: paymentCell,
  renderExpanded: (row) => <RideBookings rideId={row.id} />,
  expandLabel: (row, open) => (open ? PAYMENTS_MSG.collapseRide(row.id) : PAYMENTS_MSG.expandRide(row.id)),
  searchHint: PAYMENTS_MSG.searchHint,
});
