import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  dateToCityLocal,
  SHIFT_MSG as M,
  SHIFT_STATUSES,
  type ShiftDto,
  type ShiftStatus,
  shiftPolicy,
  shiftStatusLabel,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { shiftKeys, useShifts } from './api';
import { ShiftCoverage } from './ShiftCoverage';
import { ShiftDialog } from './ShiftDialog';

const STATUS_COLOR = { planned: 'default', started: 'success', ended: 'primary' } as const;
const statusLabel = (s: ShiftDto) => shiftStatusLabel(s.status, s.started_at !== null);

/** /shifts (PLANNING): the day's coverage per sector and hour, and the captains' shifts. */
export default function ShiftsPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const client = useQueryClient();
  const canChange = allows(shiftPolicy.change);
  const [day, setDay] = useState(() => dateToCityLocal(new Date()).slice(0, 10));
  const [status, setStatus] = useState<ShiftStatus | ''>('');
  const [editing, setEditing] = useState<ShiftDto | 'new' | null>(null);
  const paging = usePaging();
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
  const filters = { ...(validDay ? { day: validDay } : {}), ...(status ? { status } : {}) };
  const list = useShifts({ page: paging.page + 1, perPage: paging.perPage, ...filters });
  const refresh = () => client.invalidateQueries({ queryKey: shiftKeys.all });
  const remove = useApiMutation({
    mutationFn: (id: number) => api(endpoints.deleteShift, { params: { id } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void refresh();
    },
  });
  const columns: PagedColumn<ShiftDto>[] = [
    { key: 'captain', label: M.captain, render: (s) => s.captain.full_name },
    { key: 'zone', label: M.zone, render: (s) => s.sectors.map((z) => z.name).join(', ') },
    { key: 'starts', label: M.startsAt, render: (s) => formatDateTime(s.starts_at) },
    { key: 'ends', label: M.endsAt, render: (s) => formatDateTime(s.ends_at) },
    {
      key: 'status',
      label: M.status,
      render: (s) => <Chip size="small" color={STATUS_COLOR[s.status]} label={statusLabel(s)} />,
    },
    {
      key: 'actions',
      label: t('Actions'),
      render: (s) =>
        canChange && s.status === 'planned' ? (
          <Stack direction="row">
            <IconButton size="small" aria-label={M.editShift} onClick={() => setEditing(s)}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={M.deleteShift} onClick={() => remove.mutate(s.id)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ) : null,
    },
  ];
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ width: { sm: 240 }, flexShrink: 0 }}>
          <DateTextField kind="date" label={M.day} value={day} onChange={setDay} testId="shifts-day" />
        </Box>
        <TextField
          select
          label={M.status}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ShiftStatus | '');
            paging.reset();
          }}
          sx={{ width: { sm: 200 }, flexShrink: 0 }}
        >
          <MenuItem value="">{t('All')}</MenuItem>
          {SHIFT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {M[s]}
            </MenuItem>
          ))}
        </TextField>
        {canChange && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {M.newShift}
          </Button>
        )}
      </Stack>
      <Stack spacing={1} component="section" aria-labelledby="coverage-heading">
        <Typography variant="h6" component="h2" id="coverage-heading">
          {M.coverage}
        </Typography>
        {validDay && <ShiftCoverage day={validDay} />}
      </Stack>
      <Stack spacing={1} component="section" aria-labelledby="shifts-heading">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" id="shifts-heading" sx={{ flex: 1 }}>
            {M.list}
          </Typography>
          <ExportCsvButton endpoint={endpoints.shiftsCsv} filter={filters} />
        </Stack>
        <PagedTable columns={columns} query={list} paging={paging} rowKey={(s) => s.id} testId="shifts-table" />
      </Stack>
      {editing && (
        <ShiftDialog
          shift={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
