import { Stack, Typography } from '@mui/material';
import { MSG, type NotificationItem } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime, formatRelative } from '../../i18n/format';
import { useNotificationsPage } from './api';
import { NotificationIcon } from './NotificationIcon';

const columns = (t: (source: string) => string): PagedColumn<NotificationItem>[] => [
  {
    key: 'icon',
    label: null,
    render: (item) => <NotificationIcon icon={item.icon} color={item.color} />,
    sx: { width: 56 },
  },
  { key: 'message', label: MSG.message, render: (item) => t(item.message) },
  {
    key: 'date',
    label: MSG.date,
    render: (item) => <span title={formatRelative(item.datetime)}>{formatDateTime(item.datetime)}</span>,
    sx: { width: 220 },
  },
];

/** AllNotifications: every notification, full text, paged on the server. */
export default function AllNotificationsPage() {
  const { t } = useTranslation();
  const paging = usePaging();
  const query = useNotificationsPage(paging.page + 1, paging.perPage);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {MSG.notificationsTitle}
      </Typography>
      <PagedTable
        columns={columns(t)}
        query={query}
        paging={paging}
        rowKey={(item) => item.id}
        testId="notifications-table"
        size="medium"
      />
    </Stack>
  );
}
