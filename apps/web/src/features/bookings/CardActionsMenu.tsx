import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { BOOKING_UI, type BookingDto, BUSY_BOOKING_STATUSES, bookingPolicy, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePolicy } from '../auth/currentUser';
import { openRideDialog } from '../rides/overlays';
import { BOOKING_ACTION_TABLE } from './actionTable';
import { useBookingActions } from './useBookingActions';

/** The menu's items: the Menu mounts them only while open, so a closed menu on each card costs nothing. */
function MenuItems({ booking, close }: { booking: BookingDto; close: () => void }) {
  useTranslation();
  const navigate = useNavigate();
  const { visible, run } = useBookingActions(booking);
  return (
    <>
      <MenuItem onClick={() => navigate(pathTo('Details', { id: booking.id }))}>{BOOKING_UI.openDetails}</MenuItem>
      {booking.ride_id && BUSY_BOOKING_STATUSES.includes(booking.status) && (
        <MenuItem
          data-testid="action-openRidePage"
          onClick={() => {
            close();
            openRideDialog(booking.id);
          }}
        >
          {BOOKING_UI.openRidePage}
        </MenuItem>
      )}
      {visible.map((action) => (
        <MenuItem
          key={action}
          onClick={() => {
            close();
            run(action);
          }}
          data-testid={`action-${action}`}
        >
          <ListItemText>{BOOKING_ACTION_TABLE[action].label}</ListItemText>
        </MenuItem>
      ))}
    </>
  );
}

export function CardActionsMenu({ booking, disabled = false }: { booking: BookingDto; disabled?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('Actions')}
        data-testid={`actions-${booking.id}`}
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor && !disabled} onClose={close}>
        <MenuItems booking={booking} close={close} />
      </Menu>
    </>
  );
}

/**
 * The actions of a card or a board row: the menu for who may change bookings; the open-details link only
 * for the others (bookings.md §6: the Goverment role changes no booking). `disabled`: the card left the list.
 */
export function BookingActions({
  booking,
  compact = false,
  disabled = false,
}: {
  booking: BookingDto;
  compact?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const allows = usePolicy();
  if (allows(bookingPolicy.change)) return <CardActionsMenu booking={booking} disabled={disabled} />;
  if (compact)
    return (
      <IconButton
        size="small"
        component={RouterLink}
        to={pathTo('Details', { id: booking.id })}
        aria-label={t('Open details')}
        data-testid={`details-${booking.id}`}
      >
        <OpenInNewIcon fontSize="small" />
      </IconButton>
    );
  return (
    <Button
      size="small"
      component={RouterLink}
      to={pathTo('Details', { id: booking.id })}
      data-testid={`details-${booking.id}`}
    >
      {t('Open details')}
    </Button>
  );
}
