import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { Alert, Chip, type ChipProps, Link, Stack, Typography } from '@mui/material';
import { type CallDto, type CallOutcome, PEOPLE_MSG, pathTo, VOICE_UI } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { PhoneText } from '../../components/PhoneText';
import { formatDateTime } from '../../i18n/format';
import { type CallsQuery, useCalls } from './api';
import { formatCallSeconds } from './targets';

const OUTCOME_COLOURS: Record<CallOutcome, ChipProps['color']> = {
  ringing: 'info',
  answered: 'primary',
  completed: 'success',
  transferred: 'info',
  abandoned: 'warning',
  missed: 'error',
  failed: 'error',
};

function Seconds({ value }: { value: number | null }) {
  const text = formatCallSeconds(value);
  return text ? <bdi dir="ltr">{text}</bdi> : '—';
}

const columns = (): PagedColumn<CallDto>[] => [
  { key: 'time', label: VOICE_UI.columns.time, render: (r) => formatDateTime(r.started_at) },
  {
    key: 'direction',
    label: VOICE_UI.columns.direction,
    render: (r) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {r.direction === 'inbound' ? (
          <CallReceivedIcon fontSize="small" color="action" />
        ) : (
          <CallMadeIcon fontSize="small" color="action" />
        )}
        <span>{VOICE_UI.direction[r.direction]}</span>
      </Stack>
    ),
  },
  { key: 'from', label: VOICE_UI.columns.from, render: (r) => <PhoneText value={r.from_number} /> },
  { key: 'to', label: VOICE_UI.columns.to, render: (r) => <PhoneText value={r.to_number} /> },
  { key: 'operator', label: VOICE_UI.columns.operator, render: (r) => r.operator_name ?? '—' },
  { key: 'wait', label: VOICE_UI.columns.wait, render: (r) => <Seconds value={r.wait_s} /> },
  { key: 'ring', label: VOICE_UI.columns.ring, render: (r) => <Seconds value={r.ring_s} /> },
  { key: 'talk', label: VOICE_UI.columns.talk, render: (r) => <Seconds value={r.talk_s} /> },
  {
    key: 'outcome',
    label: VOICE_UI.columns.outcome,
    render: (r) => (
      <Chip
        size="small"
        variant="outlined"
        color={OUTCOME_COLOURS[r.outcome]}
        label={VOICE_UI.outcomes[r.outcome]}
        data-outcome={r.outcome}
      />
    ),
  },
  {
    key: 'booking',
    label: VOICE_UI.columns.booking,
    render: (r) =>
      r.booking_id === null ? (
        '—'
      ) : (
        <Link component={RouterLink} to={pathTo('BookingLog', { id: r.booking_id })} underline="hover">
          {VOICE_UI.bookingRef(r.booking_id)}
        </Link>
      ),
  },
];

/** What a call log is filtered on (the page's filters, a passenger's number, a booking). */
export type CallFilters = Omit<CallsQuery, 'page' | 'perPage'>;

/** A page of calls with these filters: the calls page, a passenger's calls, a booking's calls. */
export function CallLog({
  filters,
  paging: given,
  testId,
}: {
  filters: CallFilters;
  paging?: ReturnType<typeof usePaging>;
  testId: string;
}) {
  useTranslation();
  const own = usePaging();
  const paging = given ?? own;
  const query = useCalls({ page: paging.page + 1, perPage: paging.perPage, ...filters });
  // A server without the call log yet answers 404: said plainly instead of the raw error.
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Alert severity="info" data-testid="calls-unavailable">
        {PEOPLE_MSG.notAvailableYet(VOICE_UI.callLog)}
      </Alert>
    );
  return (
    <PagedTable
      columns={columns()}
      query={query}
      paging={paging}
      rowKey={(r) => r.id}
      testId={testId}
      emptyText={
        <Typography component="span" variant="body2" color="textSecondary" data-testid="calls-empty">
          {VOICE_UI.noCalls}
        </Typography>
      }
    />
  );
}
