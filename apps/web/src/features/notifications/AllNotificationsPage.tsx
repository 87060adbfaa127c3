import { Stack, Typography } from '@mui/material';
import { MSG, type NotificationItem } from '@taxi/shared';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime, fromNow } from '../../components/time';
import { useNotificationsPage } from './api';
import { NotificationIcon } from './NotificationIcon';

const COLUMNS: PagedColumn<NotificationItem>[] = [
  {
    key: 'icon',
    label: null,
    render: (item) => <NotificationIcon icon={item.icon} color={item.color} />,
    sx: { width: 56 },
  },
  { key: 'message', label: MSG.message, render: (item) => item.message },
  {
    key: 'date',
    label: MSG.date,
    render: (item) => <span title={fromNow(item.datetime)}>{formatDateTime(item.datetime)}</span>,
    sx: { width: 220 },
  },
];

/** AllNotifications: every notification, full text, paged on the server. */
export default function AllNotificationsPage() {
  const paging = usePaging();
  const query = useNotificationsPage(paging.page + 1, paging.perPage);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {MSG.notificationsTitle}
      </Typography>
      <PagedTable
        columns={COLUMNS}
        query={query}
        paging={paging}
        rowKey={(item) => item.id}
        testId="notifications-table"
        size="medium"
      />
    </Stack>
  );
}
