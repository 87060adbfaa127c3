import { Box, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { CALL_FIGURES, type DashboardDto, REPORTS_UI, STATUS_LABELS, VOICE_UI } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { formatNumber, formatTime } from '../../i18n/format';
import { useDashboard } from './api';
import { FigureCard, FigureSkeleton } from './FigureCard';
import { dayFigures, formatPercent } from './format';

export const figureGrid = (min: number) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
});

/** /dashboard: today's figures with their hourly sparklines, refreshed every 15 s and on booking events. */
export default function DashboardPage() {
  useTranslation();
  const query = useDashboard();
  if (query.isPending)
    return (
      <Box sx={figureGrid(220)} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <FigureSkeleton key={i} />
        ))}
      </Box>
    );
  if (query.isError && !query.data)
    return <LoadError error={query.error} retry={query.refetch} title={REPORTS_UI.loadFailed} />;
  const d = query.data;
  return (
    <Stack spacing={3}>
      {query.isError && <LoadError error={query.error} retry={query.refetch} title={REPORTS_UI.loadFailed} />}
      <Typography variant="body2" color="textSecondary">
        {REPORTS_UI.updatedAt(formatTime(d.generated_at))}
      </Typography>
      <Box sx={figureGrid(220)}>
        {dayFigures(d).map((f) => (
          <FigureCard key={f.id} figure={f} />
        ))}
      </Box>
      <Box sx={figureGrid(300)}>
        <StatusCard d={d} />
        <ReasonsCard d={d} />
        <CallsCard d={d} />
      </Box>
    </Stack>
  );
}

/** One line of the calls card: its name (and what it counts), its value. */
type CallRow = { id: string; label: string; help?: string; value: string; muted: boolean };

/** The calls card's lines: from the call log (CALL_FIGURES), "No call yet" before the first, "Voice off" without voice. */
function callRows(calls: DashboardDto['calls']): CallRow[] {
  const ui = VOICE_UI.dashboard;
  const off = calls === null;
  const count = (n: number | undefined) => (off ? VOICE_UI.states.off : formatNumber(n));
  const share = (v: number | null | undefined) =>
    off ? VOICE_UI.states.off : v === null || v === undefined ? VOICE_UI.noCalls : formatPercent(v);
  const shareMuted = (v: number | null | undefined) => off || v === null || v === undefined;
  return [
    { id: 'waiting', label: ui.waiting, value: count(calls?.waiting), muted: off },
    { id: 'inbound', label: ui.inbound, value: count(calls?.inbound), muted: off },
    {
      id: 'in-time',
      label: ui.answeredInTime(CALL_FIGURES.serviceLevelS),
      help: ui.answeredInTimeHelp(CALL_FIGURES.serviceLevelS),
      value: share(calls?.answered_in_time),
      muted: shareMuted(calls?.answered_in_time),
    },
    {
      id: 'abandoned',
      label: ui.abandoned,
      help: ui.abandonedHelp,
      value: share(calls?.abandoned_rate),
      muted: shareMuted(calls?.abandoned_rate),
    },
  ];
}

/**
 * The call centre's day: waiting now, inbound, answered within the service level, abandoned by the caller. Each
 * value beside its name (never a blank: "No call yet" before the first call, "Voice off" without a SIP server).
 */
function CallsCard({ d }: { d: DashboardDto }) {
  return (
    <Card variant="outlined" data-testid="dashboard-calls" data-voice={d.calls === null ? 'off' : 'on'}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {VOICE_UI.calls}
        </Typography>
        {d.calls === null && (
          <Typography variant="body2" color="textSecondary" data-testid="calls-voice-off">
            {VOICE_UI.notConfigured}
          </Typography>
        )}
        <List dense>
          {callRows(d.calls).map((row) => (
            <ListItem key={row.id} sx={{ gap: 2, alignItems: 'flex-start' }}>
              <ListItemText
                primary={row.label}
                secondary={row.help}
                slotProps={{ secondary: { variant: 'caption' } }}
                sx={{ my: 0.25, flex: '1 1 60%' }}
              />
              {/* A long value ("No call yet" in French) wraps in its own column rather than squeezing the name. */}
              <Typography
                data-testid={`calls-${row.id}`}
                color={row.muted ? 'textSecondary' : 'textPrimary'}
                sx={{ flex: '0 1 auto', maxWidth: '40%', textAlign: 'end', mt: 0.25 }}
              >
                {row.value}
              </Typography>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

function StatusCard({ d }: { d: DashboardDto }) {
  const rows: [string, number][] = [
    [STATUS_LABELS.PENDING, d.by_status.pending],
    [REPORTS_UI.dispatched, d.by_status.dispatched],
    [REPORTS_UI.ongoing, d.by_status.ongoing],
    [REPORTS_UI.completed, d.by_status.completed],
    [REPORTS_UI.cancelled, d.by_status.cancelled],
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6">
          {REPORTS_UI.byStatus}
        </Typography>
        <List dense>
          {rows.map(([label, n]) => (
            <ListItem key={label} secondaryAction={<Typography>{formatNumber(n)}</Typography>}>
              <ListItemText primary={label} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

export function ReasonsCard({ d }: { d: DashboardDto }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6">
          {REPORTS_UI.cancellationsByReason}
        </Typography>
        {d.cancellations_by_reason.length === 0 ? (
          <Typography color="textSecondary">{REPORTS_UI.noCancellations}</Typography>
        ) : (
          <List dense>
            {d.cancellations_by_reason.map((r) => (
              <ListItem
                key={`${r.kind}-${r.reason_id}`}
                secondaryAction={<Typography>{formatNumber(r.count)}</Typography>}
              >
                <ListItemText primary={r.text ? dataLabel(r.text) : REPORTS_UI.noReason} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
