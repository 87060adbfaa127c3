import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { Badge, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { pathTo, TICKET_MSG, ticketPolicy } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { badgeText } from '../../components/badgeText';
import { usePolicy } from '../auth/currentUser';
import { usePendingTickets } from './api';
import { ticketDialog } from './dialogStore';

/** Toolbar: the queued tickets' count, and the way to the new-ticket dialog, the follow-up form and the monitoring. */
export function TicketsButton() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const queue = usePendingTickets();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!allows(ticketPolicy.take)) return null;
  const count = queue.data?.total ?? 0;
  const label = count > 0 ? TICKET_MSG.toolbar(badgeText(count)) : t('Tickets');
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          data-testid="toolbar-tickets"
          data-count={count}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge color="secondary" badgeContent={count > 0 ? badgeText(count) : undefined}>
            <ConfirmationNumberIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          disabled={count === 0}
          onClick={() => {
            close();
            ticketDialog.set(true);
          }}
        >
          <ListItemText primary={TICKET_MSG.newTicket} secondary={TICKET_MSG.queueCount(count)} />
        </MenuItem>
        <MenuItem component={RouterLink} to={pathTo('FollowUpTicket')} onClick={close} data-testid="menu-follow-up">
          {TICKET_MSG.followUpTicket}
        </MenuItem>
        <MenuItem component={RouterLink} to={pathTo('TicketsMonitoring')} onClick={close}>
          {t('Tickets monitoring')}
        </MenuItem>
      </Menu>
    </>
  );
}
