import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  CardActions,
  CardHeader,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { EVENTS, MSG, NOTIFICATION_PREVIEW_CHARS, pathTo, truncate } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../api/socket';
import { ToolbarPopover } from '../../components/ToolbarPopover';
import { formatRelative } from '../../i18n/format';
import { applyNewNotification, setUnseen, useLatestNotifications, useUnseenCount } from './api';
import { NotificationIcon } from './NotificationIcon';

/** Bell with a badge and the latest 5 notifications (shell.md §2.4, §2.7). Hidden for airport roles by the
 * toolbar. Live 'new notification' events are applied here. */
export function NotificationBell() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const latest = useLatestNotifications();
  const unseen = useUnseenCount().data ?? 0;

  useSocketEvent(EVENTS.newNotification, (item) => applyNewNotification(client, item));

  const openMenu = (target: HTMLElement) => {
    setAnchor(target);
    setUnseen(client, 0);
  };
  const rows = latest.data?.data ?? [];

  return (
    <>
      <Tooltip title={MSG.notificationTitle}>
        <IconButton
          color="inherit"
          onClick={(event) => openMenu(event.currentTarget)}
          aria-label={MSG.notificationTitle}
          data-testid="toolbar-bell"
        >
          <Badge color="error" badgeContent={unseen} max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <ToolbarPopover
        anchor={anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 340 }, 'data-testid': 'notification-card' } as object }}
      >
        <CardHeader title={MSG.notificationTitle} slotProps={{ title: { variant: 'subtitle1' } }} sx={{ py: 1 }} />
        <Divider />
        {latest.isPending ? (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <CircularProgress size={20} />
          </Box>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {MSG.noNotifications}
          </Typography>
        ) : (
          <List dense disablePadding>
            {rows.map((item) => (
              <ListItem key={item.id} divider>
                <ListItemAvatar sx={{ minWidth: 42 }}>
                  <NotificationIcon icon={item.icon} color={item.color} />
                </ListItemAvatar>
                <ListItemText
                  primary={truncate(t(item.message), NOTIFICATION_PREVIEW_CHARS)}
                  secondary={formatRelative(item.datetime)}
                  slotProps={{ primary: { title: t(item.message) } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              navigate(pathTo('AllNotifications'));
            }}
          >
            {MSG.allNotifications}
          </Button>
        </CardActions>
      </ToolbarPopover>
    </>
  );
}
