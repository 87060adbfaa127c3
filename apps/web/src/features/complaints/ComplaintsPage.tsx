import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { COMPLAINT_STATUSES, type ComplaintLogItemDto, type ComplaintStatus, complaintPolicy } from '@taxi/shared';
import { dataLabel, tr } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { CaptainPicker, PassengerPicker, type PickerOption, useDebounced } from '../../components/pickers';
import { RefSelect } from '../../components/RefSelect';
import { SelectField } from '../../components/SelectField';
import { formatComplaintTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { DateRangeFields } from '../bookings/DateRangeFields';
import { filterSetter } from '../people/components';
import { useComplaintCategories } from '../rides/api';
import { useComplaintLog } from './api';
import { ComplaintDialog } from './ComplaintDialog';
import { FileComplaintDialog } from './FileComplaintDialog';
import { StatusDot } from './status';

type T = (source: string, vars?: Record<string, string | number>) => string;

/** A row's title: its category, else the first line of its description, else its number. */
export function complaintTitle(c: Pick<ComplaintLogItemDto, 'id' | 'category_name' | 'description'>, t: T): string {
  return (
    (c.category_name && dataLabel(c.category_name)) ??
    c.description?.split('\n')[0]?.slice(0, 80) ??
    t('Complaint #{{id}}', { id: c.id })
  );
}

const FIELD = { width: { xs: '100%', md: 180 } } as const;

const columns = (t: T): PagedColumn<ComplaintLogItemDto>[] => [
  { key: 'index', label: t('Status'), render: (c) => <StatusDot status={c.status} index={c.id} />, sx: { width: 170 } },
  {
    key: 'title',
    label: t('Complaint'),
    render: (c) => (
      <Stack spacing={0}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {complaintTitle(c, t)}
        </Typography>
        {c.description && c.category_name && (
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block', maxWidth: 480 }} noWrap>
            {c.description}
          </Typography>
        )}
      </Stack>
    ),
  },
  {
    key: 'about',
    label: t('About'),
    render: (c) =>
      c.booking_id
        ? t('Order #{{id}}', { id: c.booking_id })
        : c.captain_id
          ? t('Captain #{{id}}', { id: c.captain_id })
          : c.passenger_id
            ? t('Passenger #{{id}}', { id: c.passenger_id })
            : '—',
  },
  // Complaints the apps filed have no doer: no 'By'.
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

/** /complaints: the complaint log with its filters; a row opens the complaint dialog. */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const paging = usePaging();
  const filter = filterSetter(paging);
  const categories = useComplaintCategories();
  const [status, setStatus] = useState<ComplaintStatus | ''>('');
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [booking, setBooking] = useState('');
  const [captain, setCaptain] = useState<PickerOption | null>(null);
  const [passenger, setPassenger] = useState<PickerOption | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [filing, setFiling] = useState(false);
  const bookingId = useDebounced(/^\d+$/.test(booking.trim()) ? booking.trim() : '');
  const filters = {
    status,
    category_id: categoryId,
    from,
    to,
    booking_id: bookingId,
    captain_id: captain?.id,
    passenger_id: passenger?.id,
  };
  const query = useComplaintLog({ page: paging.page + 1, perPage: paging.perPage, ...filters });
  const canFile = allows(complaintPolicy.file);
  const statusFilter = (
    <SelectField
      label={t('Status')}
      value={status}
      options={[{ value: '', label: t('All') }, ...COMPLAINT_STATUSES.map((s) => ({ value: s, label: tr(s) }))]}
      onChange={filter((v) => setStatus(v as ComplaintStatus | ''))}
      sx={FIELD}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }} spacing={2}>
        <Typography variant="body2" color="textSecondary">
          {t('Complaints about rides, captains and passengers, newest first.')}
        </Typography>
        {/* The Goverment role files none: it gets the Status dropdown in this place (people.md §2). */}
        {canFile ? (
          <Button variant="contained" onClick={() => setFiling(true)} data-testid="file-complaint">
            {t('+ File a complaint')}
          </Button>
        ) : (
          <Box data-testid="government-status-filter">{statusFilter}</Box>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {canFile && statusFilter}
        <RefSelect
          label={t('Category')}
          value={categoryId}
          options={categories.data}
          onChange={(v) => {
            setCategoryId(v);
            paging.reset();
          }}
          emptyLabel={t('All')}
          sx={FIELD}
          testId="filter-category"
        />
        <Stack direction="row" spacing={2}>
          <DateRangeFields from={from} to={to} onFrom={filter(setFrom)} onTo={filter(setTo)} sx={{ width: 140 }} />
        </Stack>
        <TextField
          size="small"
          label={t('Order number')}
          value={booking}
          onChange={(e) => filter(setBooking)(e.target.value)}
          sx={{ width: { xs: '100%', md: 140 } }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Box sx={FIELD}>
          <CaptainPicker
            size="small"
            value={captain}
            onChange={(v) => {
              setCaptain(v);
              paging.reset();
            }}
          />
        </Box>
        <Box sx={FIELD}>
          <PassengerPicker
            size="small"
            value={passenger}
            onChange={(v) => {
              setPassenger(v);
              paging.reset();
            }}
          />
        </Box>
        <ExportCsvButton endpoint={endpoints.complaintsCsv} filter={filters} />
      </Stack>
      <PagedTable
        columns={columns(t)}
        query={query}
        paging={paging}
        rowKey={(c) => c.id}
        onOpen={(c) => setOpen(c.id)}
        testId="complaints-table"
      />
      <ComplaintDialog id={open} onClose={() => setOpen(null)} />
      {canFile && <FileComplaintDialog open={filing} onClose={() => setFiling(false)} />}
    </Stack>
  );
}
