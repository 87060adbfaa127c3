import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  catalogueEndpoints,
  cityEventsResource,
  EVENT_KINDS,
  EVENT_WHEN,
  type EventWhen,
  type FieldDef,
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
import { useDebounced } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { DateRangeFields } from '../bookings/DateRangeFields';
import { whenLabels } from './labels';

type Row = RowOf<typeof cityEventsResource>;
type T = (source: string, vars?: Record<string, string | number>) => string;
const calls = catalogueEndpoints(cityEventsResource);
const FIELDS = cityEventsResource.fields as readonly FieldDef[];
const fieldOf = (name: string) => FIELDS.find((f) => f.name === name) as FieldDef;

function useEvents(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['resources', cityEventsResource.key, 'list', params],
    queryFn: ({ signal }) => apiData(calls.list, { query: params, signal }) as Promise<Paginated<Row>>,
    placeholderData: keepPreviousData,
  });
}

const FIELD_WIDTH = {
  search: { width: { xs: '100%', md: 240 } },
  select: { width: { xs: '100%', md: 160 } },
  date: { width: 140 },
} as const;

const columns = (t: T): PagedColumn<Row>[] => [
  {
    key: 'name',
    label: t('Name'),
    render: (r) => (
      <Link component={RouterLink} to={pathTo('Event', { id: r.id })} underline="hover">
        {r.name}
      </Link>
    ),
  },
  { key: 'kind', label: t('Kind'), render: (r) => cellText(fieldOf('kind'), r, '', '') },
  { key: 'place', label: t('Place'), render: (r) => r.place_name ?? '—' },
  { key: 'starts', label: t('Starts at'), render: (r) => formatDateTime(r.starts_at) },
  { key: 'ends', label: t('Ends at'), render: (r) => formatDateTime(r.ends_at) },
  {
    key: 'attendance',
    label: t('Expected attendance'),
    render: (r) => (r.expected_attendance == null ? '—' : formatNumber(r.expected_attendance, 0)),
  },
  { key: 'demand', label: t('Demand level'), render: (r) => cellText(fieldOf('demand_level'), r, '', '') },
];

/** /events: the city's events, upcoming first (past ones newest first), by kind, dates and name. */
export default function EventsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [when, setWhen] = useState<EventWhen>('upcoming');
  const [kind, setKind] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const paging = usePaging();
  const term = useDebounced(search.trim());
  const filters = {
    search: term || undefined,
    when,
    kind: kind || undefined,
    from_date: fromDate || undefined,
    to_date: toDate || undefined,
    sortBy: 'starts_at',
    descending: when === 'past' ? 1 : 0,
  };
  const query = useEvents({ ...filters, page: paging.page + 1, perPage: paging.perPage });
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      paging.reset();
    };
  const kindField = fieldOf('kind');
  const labels = whenLabels(t);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2" color="textSecondary">
          {t('Concerts, races, congresses and matches that bring demand, with the area around them.')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ExportCsvButton endpoint={calls.csv} filter={filters} />
          <Button
            variant="outlined"
            size="small"
            startIcon={<AssessmentIcon />}
            component={RouterLink}
            to={pathTo('EventsReport')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('Events report')}
          </Button>
          <Button
            variant="contained"
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={pathTo('EventsCreate')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('New event')}
          </Button>
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('Search')}
          placeholder={t('Name or notes')}
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
          sx={FIELD_WIDTH.search}
          slotProps={{ htmlInput: { 'data-testid': 'events-search' } }}
        />
        <SelectField
          label={t('When')}
          value={when}
          options={EVENT_WHEN.map((value) => ({ value, label: labels[value] }))}
          onChange={filter(setWhen)}
          sx={FIELD_WIDTH.select}
        />
        <SelectField
          label={t('Kind')}
          value={kind}
          options={[
            { value: '', label: t('Any kind') },
            ...EVENT_KINDS.map((value) => ({ value, label: cellText(kindField, { id: 0, kind: value }, '', '') })),
          ]}
          onChange={filter(setKind)}
          sx={FIELD_WIDTH.select}
        />
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
        onOpen={(r) => navigate(pathTo('Event', { id: r.id }))}
        testId="events-table"
      />
    </Stack>
  );
}
