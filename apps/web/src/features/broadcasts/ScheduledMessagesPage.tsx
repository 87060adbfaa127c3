import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import {
  BROADCAST_LABELS,
  pathTo,
  type ScheduledMessageDto,
  type ScheduledStatus,
  scheduledMessagePolicy,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DeleteDialog } from '../../components/DataTable/FormDialogs';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useBroadcastsInvalidate, useScheduledMessages, useScheduledRuns } from './api';
import { broadcastColumns, targetText } from './components';

const STATUS_COLOR: Record<ScheduledStatus, 'info' | 'success' | 'default'> = {
  scheduled: 'info',
  done: 'success',
  cancelled: 'default',
};

/** The runs of one scheduled message: each a broadcast with its counts. */
function RunsDialog({ message, onClose }: { message: ScheduledMessageDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const runs = useScheduledRuns(message?.id ?? null, paging.page + 1, paging.perPage);
  return (
    <Dialog open={message !== null} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="runs-title">
      <DialogTitle id="runs-title">{t('Runs of scheduled message #{{id}}', { id: message?.id ?? '' })}</DialogTitle>
      <DialogContent>
        <PagedTable
          columns={broadcastColumns(t)}
          query={runs}
          paging={paging}
          rowKey={(b) => b.id}
          testId="scheduled-runs"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /scheduled_messages (SETTINGS): messages sent at a time or every day or week, their runs, cancel and delete. */
export default function ScheduledMessagesPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const canChange = allows(scheduledMessagePolicy.change);
  const paging = usePaging();
  const list = useScheduledMessages(paging.page + 1, paging.perPage);
  const invalidate = useBroadcastsInvalidate();
  const [runsOf, setRunsOf] = useState<ScheduledMessageDto | null>(null);
  const [deleting, setDeleting] = useState<ScheduledMessageDto | null>(null);

  const done = (message: string | undefined) => {
    if (message) toast.success(message);
    void invalidate.scheduled();
  };
  const cancel = useApiMutation({
    mutationFn: (id: number) => api(endpoints.cancelScheduledMessage, { params: { id } }),
    onSuccess: (res) => done(res.message),
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => api(endpoints.deleteScheduledMessage, { params: { id } }),
    onSuccess: (res) => {
      setDeleting(null);
      done(res.message);
    },
  });

  const columns: PagedColumn<ScheduledMessageDto>[] = [
    { key: 'body', label: t('Message'), render: (m) => m.body, sx: { maxWidth: 360, overflowWrap: 'anywhere' } },
    { key: 'target', label: t('Target'), render: (m) => targetText(t, m) },
    { key: 'recurrence', label: t('Repeats'), render: (m) => BROADCAST_LABELS.recurrences[m.recurrence] },
    {
      key: 'next',
      label: t('Next sending'),
      render: (m) => (m.next_run_at ? formatDateTime(m.next_run_at) : '—'),
      sx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'ends',
      label: t('Ends'),
      render: (m) => (m.ends_at ? formatDateTime(m.ends_at) : '—'),
      sx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'status',
      label: t('Status'),
      render: (m) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[m.status]}
          label={BROADCAST_LABELS.statuses[m.status]}
        />
      ),
    },
    { key: 'runs', label: t('Runs'), render: (m) => formatNumber(m.runs), align: 'right' },
    {
      key: 'actions',
      label: t('Actions'),
      render: (m) => (
        <Stack direction="row" spacing={0.5}>
          <Button size="small" onClick={() => setRunsOf(m)}>
            {t('History')}
          </Button>
          {canChange && m.status === 'scheduled' && (
            <Button
              size="small"
              color="warning"
              onClick={() => cancel.mutate(m.id)}
              disabled={cancel.isPending}
              data-testid={`scheduled-cancel-${m.id}`}
            >
              {t('Stop')}
            </Button>
          )}
          {canChange && (
            <Button size="small" color="error" onClick={() => setDeleting(m)}>
              {t('Delete')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" color="textSecondary">
          {t('Messages to captains sent by the server at a time of the city, once or every day or week.')}
        </Typography>
        {canChange && (
          <Button variant="contained" component={RouterLink} to={pathTo('ScheduledMessagesStore')}>
            {t('New scheduled message')}
          </Button>
        )}
      </Stack>
      <PagedTable columns={columns} query={list} paging={paging} rowKey={(m) => m.id} testId="scheduled-messages" />
      <RunsDialog message={runsOf} onClose={() => setRunsOf(null)} />
      <DeleteDialog
        open={deleting !== null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
