import { Box, Button, Paper, Stack, TableContainer, Typography } from '@mui/material';
import { type ComplaintDto, complaintPolicy, MSG } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatComplaintTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useCaptainComplaints } from './api';
import { ComplaintDialog } from './ComplaintDialog';
import { FileComplaintDialog } from './FileComplaintDialog';
import { StatusDot } from './status';

type T = (source: string, vars?: Record<string, string | number>) => string;

const columns = (t: T): TableColumn<ComplaintDto>[] => [
  { key: 'status', label: t('Status'), render: (c) => <StatusDot status={c.status} index={c.id} /> },
  {
    key: 'description',
    label: t('Description'),
    render: (c) => c.description ?? '—',
    sx: { whiteSpace: 'pre-wrap' },
  },
  { key: 'by', label: t('Author'), render: (c) => (c.doer_name ? t('By {{doer}}', { doer: c.doer_name }) : '') },
  {
    key: 'time',
    label: t('Created'),
    render: (c) => (
      <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
        {formatComplaintTime(c.created_at)}
      </Box>
    ),
  },
];

/** /captain_complaints_no_booking/{id}: the captain's complaints that have no booking, and filing one. */
export default function CaptainComplaintsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const captainId = Number.isInteger(id) && id > 0 ? id : 0;
  const allows = usePolicy();
  const list = useCaptainComplaints(captainId);
  const [open, setOpen] = useState<number | null>(null);
  const [filing, setFiling] = useState(false);
  const canFile = allows(complaintPolicy.file) && captainId > 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }} spacing={2}>
        <Typography variant="h6" component="h2">
          {t('Complaints about captain #{{id}} without a booking', { id: captainId || '—' })}
        </Typography>
        {canFile && (
          <Button variant="contained" onClick={() => setFiling(true)} data-testid="file-complaint">
            {t('+ File a complaint')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined">
        <FetchState query={list} keepSpace />
        <TableContainer>
          <RowsTable
            columns={columns(t)}
            rows={list.data ?? []}
            rowKey={(c) => c.id}
            pending={list.isPending && captainId > 0}
            empty={MSG.noData}
            testId="captain-complaints-table"
            rowProps={(c) => ({
              hover: true,
              tabIndex: 0,
              sx: { cursor: 'pointer' },
              onClick: () => setOpen(c.id),
              onKeyDown: (e: React.KeyboardEvent) => {
                if (e.key === 'Enter') setOpen(c.id);
              },
            })}
          />
        </TableContainer>
      </Paper>
      <ComplaintDialog id={open} onClose={() => setOpen(null)} />
      {canFile && (
        <FileComplaintDialog
          open={filing}
          onClose={() => setFiling(false)}
          fixed={{ subject: 'captain', id: captainId }}
        />
      )}
    </Stack>
  );
}
