import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Link, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  catalogueEndpoints,
  type FieldDef,
  LOST_ITEM_STATUSES,
  type LostItemStatus,
  lostAndFoundResource,
  type Paginated,
  pathTo,
  type RowOf,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { QueryValue } from '../../api/client';
import { apiData } from '../../api/endpoints';
import { cellText } from '../../components/DataTable/values';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { CaptainPicker, PassengerPicker, type PickerOption, useDebounced } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatDateTime } from '../../i18n/format';
import { DateRangeFields } from '../bookings/DateRangeFields';
import { STATUS_COLORS, statusLabels } from './labels';
import { BookingPicker } from './pickers';

type Row = RowOf<typeof lostAndFoundResource>;
type T = (source: string, vars?: Record<string, string | number>) => string;
const calls = catalogueEndpoints(lostAndFoundResource);
const CATEGORY = (lostAndFoundResource.fields as readonly FieldDef[]).find((f) => f.name === 'category') as FieldDef;

function useLostItems(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['resources', lostAndFoundResource.key, 'list', params],
    queryFn: ({ signal }) => apiData(calls.list, { query: params, signal }) as Promise<Paginated<Row>>,
    placeholderData: keepPreviousData,
  });
}

const FIELD_WIDTH = {
  search: { width: { xs: '100%', md: 240 } },
  select: { width: { xs: '100%', md: 170 } },
  picker: { width: { xs: '100%', md: 220 } },
  date: { width: 140 },
} as const;

const columns = (t: T): PagedColumn<Row>[] => [
  {
    key: 'description',
    label: t('Description'),
    render: (r) => (
      <Link component={RouterLink} to={pathTo('LostAndFoundEdit', { id: r.id })} underline="hover">
        {r.description}
      </Link>
    ),
  },
  {
    key: 'category',
    label: t('Category'),
    render: (r) => cellText(CATEGORY, r, '', ''),
  },
  { key: 'found', label: t('Found on'), render: (r) => formatDateTime(r.found_at) },
  { key: 'kept', label: t('Where it is kept'), render: (r) => r.kept_at ?? '—' },
  {
    key: 'booking',
    label: t('Booking'),
    render: (r) => (r.booking_id ? t('Booking #{{id}}', { id: r.booking_id }) : '—'),
  },
  { key: 'captain', label: t('Captain'), render: (r) => r.captain_name ?? '—' },
  { key: 'passenger', label: t('Passenger'), render: (r) => r.passenger_name ?? '—' },
  {
    key: 'status',
    label: t('Status'),
    render: (r) => {
      const status = (r.status ?? 'found') as LostItemStatus;
      return <Chip size="small" color={STATUS_COLORS[status]} label={statusLabels(t)[status]} />;
    },
  },
];

/** /lost_and_found: the items found in cars, newest first, searched by text, status, booking, people and date. */
export default function LostAndFoundListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LostItemStatus | ''>('');
  const [booking, setBooking] = useState<PickerOption | null>(null);
  const [captain, setCaptain] = useState<PickerOption | null>(null);
  const [passenger, setPassenger] = useState<PickerOption | null>(null);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const paging = usePaging();
  const term = useDebounced(search.trim());
  const filters = {
    search: term || undefined,
    status: status || undefined,
    booking_id: booking?.id,
    captain_id: captain?.id,
    passenger_id: passenger?.id,
    from_date: fromDate || undefined,
    to_date: toDate || undefined,
    sortBy: 'found_at',
    descending: 1,
  };
  const query = useLostItems({ ...filters, page: paging.page + 1, perPage: paging.perPage });
  // A filter's change takes the list back to its first page.
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      paging.reset();
    };
  const labels = statusLabels(t);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2" color="textSecondary">
          {t('Items left in cars: where they are kept, whose they are and whether they went back.')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ExportCsvButton endpoint={calls.csv} filter={filters} />
          <Button
            variant="contained"
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={pathTo('LostAndFoundStore')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('New item')}
          </Button>
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('Search')}
          placeholder={t('Description, where it is kept, notes')}
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
          sx={FIELD_WIDTH.search}
          slotProps={{ htmlInput: { 'data-testid': 'lost-search' } }}
        />
        <SelectField
          label={t('Status')}
          value={status}
          options={[
            { value: '', label: t('Any status') },
            ...LOST_ITEM_STATUSES.map((value) => ({ value, label: labels[value] })),
          ]}
          onChange={filter((v) => setStatus(v as LostItemStatus | ''))}
          sx={FIELD_WIDTH.select}
        />
        <Stack sx={FIELD_WIDTH.picker}>
          <BookingPicker size="small" value={booking} onChange={filter(setBooking)} testId="lost-booking-filter" />
        </Stack>
        <Stack sx={FIELD_WIDTH.picker}>
          <CaptainPicker size="small" value={captain} onChange={filter(setCaptain)} />
        </Stack>
        <Stack sx={FIELD_WIDTH.picker}>
          <PassengerPicker size="small" value={passenger} onChange={filter(setPassenger)} />
        </Stack>
        <Stack direction="row" spacing={2}>
          <DateRangeFields
            from={fromDate}
            to={toDate}
            onFrom={filter(setFromDate)}
            onTo={filter(setToDate)}
            sx={FIELD_WIDTH.date}
          />
        </Stack>
      </Stack>
      <PagedTable
        columns={columns(t)}
        query={query}
        paging={paging}
        rowKey={(r) => r.id}
        onOpen={(r) => navigate(pathTo('LostAndFoundEdit', { id: r.id }))}
        testId="lost-table"
      />
    </Stack>
  );
}
