import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { MSG, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUnreadMessagesCount } from './useUnreadMessages';

/** Toolbar icon to the messages page with a red dot when unread messages exist (shell.md §2.4). */
export function UnreadMessagesButton() {
  useTranslation(); // re-render in a new language (MSG reads the current one)
  const unread = useUnreadMessagesCount();
  return (
    <Tooltip title={MSG.messagesTooltip}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={pathTo('Messages')}
        aria-label={MSG.messagesTooltip}
        data-testid="toolbar-messages"
      >
        <Badge color="error" variant="dot" invisible={unread <= 0}>
          <MailOutlineIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
