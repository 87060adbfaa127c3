import { Button, Stack } from '@mui/material';
import { BOOKING_UI, type BookingAction, type BookingDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { BOOKING_ACTION_TABLE } from '../bookings/actionTable';
import { useBookingActions } from '../bookings/useBookingActions';

/** The action a ride page offers first, when its status allows it. */
const PRIMARY: readonly BookingAction[] = ['dispatch'];
const DANGER: readonly BookingAction[] = ['cancel'];

/**
 * The booking's actions on its ride page: the card menu's entries for this user and status (actionTable.ts),
 * as buttons, opening the same dialogs. The booking is the cache's, so the buttons follow its live status.
 * Who may change no booking (the Goverment role) gets none.
 */
export function RideActions({ booking }: { booking: BookingDto }) {
  useTranslation(); // the labels are read at render
  const { visible, run } = useBookingActions(booking);
  if (visible.length === 0) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={BOOKING_UI.actions}
      data-testid="ride-actions"
      sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }}
    >
      {visible.map((action) => (
        <Button
          key={action}
          size="small"
          variant={PRIMARY.includes(action) ? 'contained' : 'outlined'}
          color={DANGER.includes(action) ? 'error' : 'primary'}
          onClick={() => run(action)}
          data-testid={`ride-action-${action}`}
          sx={{ textTransform: 'none' }}
        >
          {BOOKING_ACTION_TABLE[action].label}
        </Button>
      ))}
    </Stack>
  );
}
