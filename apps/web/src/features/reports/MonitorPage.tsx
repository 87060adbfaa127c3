import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { REPORTS_UI } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { formatNumber, formatTime } from '../../i18n/format';
import { useMonitor } from './api';
import { figureGrid, ReasonsCard } from './DashboardPage';
import { FigureCard, FigureSkeleton } from './FigureCard';
import { dayFigures, formatWait } from './format';

/**
 * /monitor: the control room's wall-board. Large type, refreshed by itself (every 15 s and on booking
 * events), nothing to click; the theme's colours, so the dark palette suits a dim room.
 */
export default function MonitorPage() {
  useTranslation();
  const query = useMonitor();
  if (query.isPending)
    return (
      <Box sx={figureGrid(300)} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <FigureSkeleton key={i} large />
        ))}
      </Box>
    );
  if (query.isError && !query.data)
    return <LoadError error={query.error} retry={query.refetch} title={REPORTS_UI.loadFailed} />;
  const d = query.data;
  const urgent = d.waiting.count > 0;
  return (
    <Stack spacing={3}>
      {query.isError && <LoadError error={query.error} retry={query.refetch} title={REPORTS_UI.loadFailed} />}
      <Box sx={figureGrid(300)}>
        <Card variant="outlined" sx={{ borderColor: urgent ? 'warning.main' : undefined, borderWidth: urgent ? 2 : 1 }}>
          <CardContent>
            <Typography component="h2" variant="h6" color="textSecondary">
              {REPORTS_UI.waitingNow}
            </Typography>
            <Typography component="p" variant="h1" sx={{ fontWeight: 700 }} data-testid="monitor-waiting">
              {formatNumber(d.waiting.count)}
            </Typography>
            <Typography variant="h6" component="p">
              {REPORTS_UI.oldestWaiting}: {formatWait(d.waiting.oldest_s)}
            </Typography>
          </CardContent>
        </Card>
        {dayFigures(d).map((f) => (
          <FigureCard key={f.id} figure={f} large />
        ))}
        <ReasonsCard d={d} />
      </Box>
      <Typography variant="h6" component="p" color="textSecondary" aria-live="polite">
        {REPORTS_UI.updatedAt(formatTime(d.generated_at))}
      </Typography>
    </Stack>
  );
}
