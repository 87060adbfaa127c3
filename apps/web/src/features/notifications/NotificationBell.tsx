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
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { EVENTS, MSG, NOTIFICATION_PREVIEW_CHARS, type NotificationItem, pathTo, truncate } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../api/socket';
import { badgeText } from '../../components/badgeText';
import { ToolbarPopover } from '../../components/ToolbarPopover';
import { formatRelative } from '../../i18n/format';
import {
  applyNewNotification,
  markNotificationsRead,
  notificationText,
  useLatestNotifications,
  useUnreadNotifications,
} from './api';
import { NotificationIcon } from './NotificationIcon';

/** Bell with a badge and the latest 5 notifications (shell.md §2.4, §2.7). Hidden for airport roles by the
 * toolbar. Live 'new notification' events are applied here. */
export function NotificationBell() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const latest = useLatestNotifications();
  const unread = useUnreadNotifications().data ?? 0;

  useSocketEvent(EVENTS.newNotification, (item) => applyNewNotification(client, item));

  const openMenu = (target: HTMLElement) => setAnchor(target);
  /** A click reads it and follows its link. */
  const open = (item: NotificationItem) => {
    if (!item.read) void markNotificationsRead(client, [item.id]).catch(() => {});
    setAnchor(null);
    if (item.link) navigate(item.link);
  };
  const rows = latest.data?.data ?? [];
  const label = unread > 0 ? MSG.notificationToolbar(badgeText(unread)) : MSG.notificationTitle;

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={(event) => openMenu(event.currentTarget)}
          aria-label={label}
          data-testid="toolbar-bell"
        >
          <Badge color="error" badgeContent={unread > 0 ? badgeText(unread) : undefined}>
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
          <Typography color="textSecondary" sx={{ p: 2 }}>
            {MSG.noNotifications}
          </Typography>
        ) : (
          <List dense disablePadding>
            {rows.map((item) => (
              <ListItem key={item.id} divider disablePadding>
                <ListItemButton onClick={() => open(item)} data-testid="notification-row">
                  <ListItemAvatar sx={{ minWidth: 42 }}>
                    <NotificationIcon icon={item.icon} color={item.color} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={truncate(notificationText(t, item), NOTIFICATION_PREVIEW_CHARS)}
                    secondary={formatRelative(item.datetime)}
                    slotProps={{
                      primary: { title: notificationText(t, item), sx: { fontWeight: item.read ? 400 : 700 } },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <CardActions sx={{ justifyContent: 'space-between' }}>
          <Button size="small" disabled={unread === 0} onClick={() => void markNotificationsRead(client, 'all')}>
            {t('Mark all as read')}
          </Button>
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
