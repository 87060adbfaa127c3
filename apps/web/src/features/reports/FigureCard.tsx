import { Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { REPORTS_UI } from '@taxi/shared';
import type { FigureView } from './format';

/**
 * A figure of the day: its title, its value, and its hourly sparkline (decorative: the value is the
 * text, the chart is hidden from assistive technology). `large` is the wall-board's size.
 */
export function FigureCard({ figure, large = false }: { figure: FigureView; large?: boolean }) {
  const theme = useTheme();
  const data = figure.series?.map((v) => v ?? 0) ?? null;
  return (
    <Card variant="outlined" data-testid={`figure-${figure.id}`}>
      <CardContent>
        <Typography component="h2" variant={large ? 'h6' : 'subtitle2'} color="textSecondary">
          {figure.label}
        </Typography>
        <Typography
          variant={large ? 'h2' : 'h4'}
          component="p"
          data-testid={`figure-${figure.id}-value`}
          sx={{ fontWeight: 600, unicodeBidi: 'plaintext' }}
        >
          {figure.value}
        </Typography>
        {data && (
          <div aria-hidden="true" inert title={REPORTS_UI.sparkline(figure.label)}>
            <SparkLineChart
              data={data}
              height={large ? 64 : 40}
              color={theme.palette.primary.main}
              area
              curve="linear"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function FigureSkeleton({ large = false }: { large?: boolean }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Skeleton width="60%" />
        <Skeleton height={large ? 96 : 48} width="40%" />
        <Skeleton variant="rectangular" height={large ? 64 : 40} />
      </CardContent>
    </Card>
  );
}
