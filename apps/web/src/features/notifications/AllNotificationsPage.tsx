import {
  Alert,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { DEFAULT_ROWS_PER_PAGE, MSG, ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatDateTime, fromNow } from '../../components/time';
import { useNotificationsPage } from './api';
import { NotificationIcon } from './NotificationIcon';

/** AllNotifications: every notification, full text, paged on the server. */
export default function AllNotificationsPage() {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  const query = useNotificationsPage(page + 1, perPage);
  const rows = query.data?.data ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {MSG.notificationsTitle}
      </Typography>
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <Paper variant="outlined">
        {query.isFetching && <LinearProgress />}
        <TableContainer>
          <Table data-testid="notifications-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 56 }} />
                <TableCell>{MSG.message}</TableCell>
                <TableCell sx={{ width: 220 }}>{MSG.date}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell>
                    <NotificationIcon icon={item.icon} color={item.color} />
                  </TableCell>
                  <TableCell>{item.message}</TableCell>
                  <TableCell title={fromNow(item.datetime)}>{formatDateTime(item.datetime)}</TableCell>
                </TableRow>
              ))}
              {!query.isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3} sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
                    {MSG.noData}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={query.data ? Math.min(page, Math.max(0, (query.data.last_page ?? 1) - 1)) : page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
    </Stack>
  );
}
