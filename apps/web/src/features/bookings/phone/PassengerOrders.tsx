import { Alert, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_UI, cardStatusLabel, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { apiData, endpoints } from '../../../api/endpoints';
import { formatOrderTime } from '../../../i18n/format';
import { bookingKeys } from '../keys';

/** The passenger's orders (show_order_list=1&id), each with a link to edit it. */
export function PassengerOrders({ passengerId }: { passengerId: number }) {
  useTranslation();
  const orders = useQuery({
    queryKey: bookingKeys.passengerOrders(passengerId, 1),
    queryFn: ({ signal }) =>
      apiData(endpoints.passengerBookings, { params: { id: passengerId }, query: { page: 1, perPage: 25 }, signal }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="passenger-orders">
      <Typography variant="subtitle2">{BOOKING_UI.passengerOrders}</Typography>
      {orders.isError && <Alert severity="error">{errorMessage(orders.error)}</Alert>}
      {orders.isSuccess && orders.data.data.length === 0 && (
        <Typography color="textSecondary">{BOOKING_UI.noPassengerOrders}</Typography>
      )}
      <List dense>
        {(orders.data?.data ?? []).map((b) => (
          <ListItem
            key={b.id}
            secondaryAction={
              <Link href={`${pathTo('PhoneBooking')}?edit=1&id=${b.id}`} target="_blank" rel="noopener">
                {BOOKING_UI.edit}
              </Link>
            }
          >
            <ListItemText
              primary={`${BOOKING_UI.orderId(b.id)} · ${cardStatusLabel(b.status)}`}
              secondary={`${formatOrderTime(b.datetime)} · ${b.pick_up_location_name}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
