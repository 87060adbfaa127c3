import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, NOTIFICATION_KINDS, type NotificationItem, type NotificationKind } from '@taxi/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateTextField } from '../../components/DateTextField';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime, formatRelative } from '../../i18n/format';
import { markNotificationsRead, notificationText, useNotificationsPage, useUnreadNotifications } from './api';
import { NotificationIcon } from './NotificationIcon';

/** Each kind's name in the filter (translated at render). */
const KIND_NAMES: Record<NotificationKind, string> = {
  late_booking: 'Late bookings',
  late_captain: 'Late captains',
  new_passenger: 'New passengers',
  new_ticket: 'New tickets',
  complaint_filed: 'Complaints filed',
  complaint_status: 'Complaint statuses',
  besoin_expired: 'Driver searches expired',
  reminder_answered: 'Reminders answered',
  message_while_away: 'Messages while away',
  general: 'General',
};

const columns = (t: TFunction, onOpen: (item: NotificationItem) => void): PagedColumn<NotificationItem>[] => [
  {
    key: 'icon',
    label: null,
    render: (item) => <NotificationIcon icon={item.icon} color={item.color} />,
    sx: { width: 56 },
  },
  {
    key: 'message',
    label: MSG.message,
    render: (item) => (
      <Typography variant="body2" sx={{ fontWeight: item.read ? 400 : 700 }}>
        {notificationText(t, item)}
      </Typography>
    ),
  },
  {
    key: 'date',
    label: MSG.date,
    render: (item) => <span title={formatRelative(item.datetime)}>{formatDateTime(item.datetime)}</span>,
    sx: { width: 200 },
  },
  {
    key: 'actions',
    label: null,
    render: (item) =>
      item.read && !item.link ? null : (
        <Button size="small" onClick={() => onOpen(item)}>
          {item.link ? t('Open') : t('Mark as read')}
        </Button>
      ),
    sx: { width: 140 },
  },
];

/** AllNotifications: every notification of the user, full text, filtered and paged on the server. */
export default function AllNotificationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const paging = usePaging();
  const [kind, setKind] = useState<NotificationKind | ''>('');
  const [state, setState] = useState<'' | '1' | '0'>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const validDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const query = useNotificationsPage({
    page: paging.page + 1,
    perPage: paging.perPage,
    kind: kind || undefined,
    unread: state || undefined,
    from: validDay(from) ? from : undefined,
    to: validDay(to) ? to : undefined,
  });
  const unread = useUnreadNotifications().data ?? 0;
  const open = (item: NotificationItem) => {
    if (!item.read) void markNotificationsRead(client, [item.id]).catch(() => {});
    if (item.link) navigate(item.link);
  };
  const filter = (apply: () => void) => {
    apply();
    paging.reset();
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('Kind')}
          value={kind}
          onChange={(e) => filter(() => setKind(e.target.value as NotificationKind | ''))}
          sx={{ width: 220 }}
        >
          <MenuItem value="">{t('All')}</MenuItem>
          {NOTIFICATION_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(KIND_NAMES[k])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('State')}
          value={state}
          onChange={(e) => filter(() => setState(e.target.value as '' | '1' | '0'))}
          sx={{ width: 160 }}
        >
          <MenuItem value="">{t('All')}</MenuItem>
          <MenuItem value="1">{t('Unread')}</MenuItem>
          <MenuItem value="0">{t('Read')}</MenuItem>
        </TextField>
        <Box sx={{ width: 220 }}>
          <DateTextField kind="date" label={t('From')} value={from} onChange={(v) => filter(() => setFrom(v))} />
        </Box>
        <Box sx={{ width: 220 }}>
          <DateTextField kind="date" label={t('To')} value={to} onChange={(v) => filter(() => setTo(v))} />
        </Box>
        <Button
          variant="outlined"
          disabled={unread === 0}
          onClick={() => void markNotificationsRead(client, 'all')}
          sx={{ height: 40 }}
        >
          {t('Mark all as read')}
        </Button>
      </Stack>
      <PagedTable
        columns={columns(t, open)}
        query={query}
        paging={paging}
        rowKey={(item) => item.id}
        testId="notifications-table"
        size="medium"
      />
    </Stack>
  );
}
