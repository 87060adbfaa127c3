import { Alert, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { BOOKING_GROUP_UI, BOOKING_UI, cardStatusLabel, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { formatOrderTime } from '../../../i18n/format';
import { useGroupOrders } from './grouper';

/** The orders of a group (show_order_list=1&grouper), whoever their passenger, each with a link to edit it. */
export function GroupOrders({ group }: { group: string }) {
  useTranslation();
  const orders = useGroupOrders(group);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="group-orders" aria-labelledby="group-orders-title">
      <Typography variant="subtitle2" component="h2" id="group-orders-title">
        {BOOKING_GROUP_UI.groupOrders(group)}
      </Typography>
      {orders.isError && <Alert severity="error">{errorMessage(orders.error)}</Alert>}
      {orders.isSuccess && orders.data.data.length === 0 && (
        <Typography color="textSecondary">{BOOKING_GROUP_UI.noGroupOrders}</Typography>
      )}
      <List dense>
        {(orders.data?.data ?? []).map((b) => (
          <ListItem
            key={b.id}
            data-testid={`group-order-${b.id}`}
            secondaryAction={
              <Link href={`${pathTo('PhoneBooking')}?edit=1&id=${b.id}`} target="_blank" rel="noopener">
                {BOOKING_UI.edit}
              </Link>
            }
          >
            <ListItemText
              primary={`${BOOKING_UI.orderId(b.id)} · ${cardStatusLabel(b.status)} · ${b.passenger.full_name}`}
              secondary={`${formatOrderTime(b.datetime)} · ${b.pick_up_location_name}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
