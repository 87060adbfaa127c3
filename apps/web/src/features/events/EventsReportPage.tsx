import {
  Alert,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogueEndpoints, cityEventsResource, type EventReport, PICKER_PAGE_SIZE, type RowOf } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PickerOption, RemotePicker } from '../../components/pickers';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { DateRangeFields } from '../bookings/DateRangeFields';

type EventRow = RowOf<typeof cityEventsResource>;

/** "+3" / "−2" / "0": the change from the week before. */
function Delta({ now, before }: { now: number; before: number }) {
  const d = now - before;
  return (
    <Typography component="span" variant="body2" color={d > 0 ? 'success' : d < 0 ? 'error' : 'textSecondary'}>
      <bdi dir="ltr">{d > 0 ? `+${formatNumber(d, 0)}` : formatNumber(d, 0)}</bdi>
    </Typography>
  );
}

function EventTable({ report }: { report: EventReport }) {
  const { t } = useTranslation();
  const n = (v: number) => formatNumber(v, 0);
  const { totals } = report;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="event-report">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <div>
          <Typography variant="h6" component="h2">
            {report.name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('{{start}} to {{end}}', {
              start: formatDateTime(report.starts_at),
              end: formatDateTime(report.ends_at),
            })}{' '}
            · {t('Radius {{meters}} m', { meters: n(report.radius_m) })}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            size="small"
            label={t('Pickups: {{count}}', { count: n(totals.pickups) })}
            data-testid="report-pickups"
          />
          <Chip
            size="small"
            label={t('Dropoffs: {{count}}', { count: n(totals.dropoffs) })}
            data-testid="report-dropoffs"
          />
          <Chip
            size="small"
            variant="outlined"
            label={t('A week before: {{pickups}} / {{dropoffs}}', {
              pickups: n(totals.baseline_pickups),
              dropoffs: n(totals.baseline_dropoffs),
            })}
          />
        </Stack>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={t('Bookings around {{name}} by hour', { name: report.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Hour')}</TableCell>
              <TableCell align="right">{t('Pickups')}</TableCell>
              <TableCell align="right">{t('Dropoffs')}</TableCell>
              <TableCell align="right">{t('Pickups a week before')}</TableCell>
              <TableCell align="right">{t('Dropoffs a week before')}</TableCell>
              <TableCell align="right">{t('Change')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.hours.map((h) => (
              <TableRow key={h.hour}>
                <TableCell>{formatDateTime(h.hour)}</TableCell>
                <TableCell align="right">{n(h.pickups)}</TableCell>
                <TableCell align="right">{n(h.dropoffs)}</TableCell>
                <TableCell align="right">{n(h.baseline_pickups)}</TableCell>
                <TableCell align="right">{n(h.baseline_dropoffs)}</TableCell>
                <TableCell align="right">
                  <Delta now={h.pickups + h.dropoffs} before={h.baseline_pickups + h.baseline_dropoffs} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, color: 'text.primary' }}>{t('Total')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {n(totals.pickups)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {n(totals.dropoffs)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {n(totals.baseline_pickups)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {n(totals.baseline_dropoffs)}
              </TableCell>
              <TableCell align="right">
                <Delta
                  now={totals.pickups + totals.dropoffs}
                  before={totals.baseline_pickups + totals.baseline_dropoffs}
                />
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/**
 * /events/report: for one event, or the events of a period (today by default), the bookings picked up and
 * dropped off within its radius from an hour before to an hour after, by hour, against a week before.
 */
export default function EventsReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const eventId = Number(params.get('event_id')) || null;
  const [event, setEvent] = useState<PickerOption | null>(eventId ? { id: eventId, label: `#${eventId}` } : null);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const query = event ? { event_id: event.id } : { from_date: fromDate || undefined, to_date: toDate || undefined };
  const report = useQuery({
    queryKey: ['events', 'report', query],
    queryFn: ({ signal }) => apiData(endpoints.eventsReport, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const chooseEvent = (value: PickerOption | null) => {
    setEvent(value);
    setParams(value ? { event_id: String(value.id) } : {}, { replace: true });
  };
  const events = report.data?.events ?? [];
  // The event named in the address shows its name once the report is in.
  const shown = event && events[0]?.id === event.id ? { id: event.id, label: events[0].name } : event;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t(
          'Pickups and dropoffs within the radius during the event ± 1 hour, against the same window one week earlier',
        )}
      </Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Stack sx={{ width: { xs: '100%', md: 300 } }}>
          <RemotePicker<EventRow>
            label={t('Event')}
            size="small"
            endpoint={catalogueEndpoints(cityEventsResource).list}
            query={{ perPage: PICKER_PAGE_SIZE, sortBy: 'starts_at', descending: 1 }}
            searchable
            minChars={0}
            value={shown}
            onChange={chooseEvent}
            testId="report-event"
            toOption={(e) => ({ id: e.id, label: e.name, secondary: formatDateTime(e.starts_at) })}
          />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t('Or a period')}
        </Typography>
        <Stack direction="row" spacing={2}>
          <DateRangeFields
            from={fromDate}
            to={toDate}
            onFrom={(v) => {
              chooseEvent(null);
              setFromDate(v);
            }}
            onTo={(v) => {
              chooseEvent(null);
              setToDate(v);
            }}
            sx={{ width: 140 }}
          />
        </Stack>
        <ExportCsvButton endpoint={endpoints.eventsReportCsv} filter={query} />
      </Stack>
      {report.isFetching && <LinearProgress />}
      {report.isError && <Alert severity="error">{errorMessage(report.error)}</Alert>}
      {report.data && events.length === 0 && <Alert severity="info">{t('No event in this period')}</Alert>}
      {events.map((e) => (
        <EventTable key={e.id} report={e} />
      ))}
    </Stack>
  );
}
