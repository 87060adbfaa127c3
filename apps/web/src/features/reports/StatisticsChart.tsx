import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { REPORTS_UI, type StatisticsDto } from '@taxi/shared';
import { formatNumber } from '../../i18n/format';

/**
 * Bookings, completed and cancelled per group. An image with a text alternative (the same numbers are in
 * the table below it); the chart itself is hidden from assistive technology.
 */
export function StatisticsChart({ dto, labels }: { dto: StatisticsDto; labels: string[] }) {
  const theme = useTheme();
  const summary = dto.rows.map((r, i) => `${labels[i]}: ${formatNumber(r.bookings)}`).join(', ');
  return (
    <div role="img" aria-label={`${REPORTS_UI.chartTitle}. ${summary}`} data-testid="statistics-chart">
      <div aria-hidden="true" inert>
        <BarChart
          height={320}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => formatNumber(v) }]}
          series={[
            { data: dto.rows.map((r) => r.bookings), label: REPORTS_UI.bookings, color: theme.palette.primary.main },
            { data: dto.rows.map((r) => r.completed), label: REPORTS_UI.completed, color: theme.palette.success.main },
            { data: dto.rows.map((r) => r.cancelled), label: REPORTS_UI.cancelled, color: theme.palette.error.main },
          ]}
        />
      </div>
    </div>
  );
}
