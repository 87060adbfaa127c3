import { Box, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { CALL_SERVICE_LEVEL_S, type DashboardDto, REPORTS_UI, STATUS_LABELS, VOICE_UI } from '@taxi/shared';
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

/** The call centre's day: waiting now, inbound, answered within the service level, abandoned. */
function CallsCard({ d }: { d: DashboardDto }) {
  const ui = VOICE_UI.dashboard;
  const rows: [string, string, string][] = [
    ['waiting', ui.waiting, formatNumber(d.calls.waiting)],
    ['inbound', ui.inbound, formatNumber(d.calls.inbound)],
    ['in-time', ui.answeredInTime(CALL_SERVICE_LEVEL_S), formatPercent(d.calls.answered_in_time)],
    ['abandoned', ui.abandoned, formatPercent(d.calls.abandoned_rate)],
  ];
  return (
    <Card variant="outlined" data-testid="dashboard-calls">
      <CardContent>
        <Typography component="h2" variant="h6">
          {VOICE_UI.calls}
        </Typography>
        <List dense>
          {rows.map(([id, label, value]) => (
            <ListItem key={id} secondaryAction={<Typography data-testid={`calls-${id}`}>{value}</Typography>}>
              <ListItemText primary={label} />
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
