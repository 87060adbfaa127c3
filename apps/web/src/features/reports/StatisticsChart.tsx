import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { REPORTS_UI, type StatisticsDto } from '@taxi/shared';
import { formatAxisDay, formatNumber, formatTime } from '../../i18n/format';

/** A row's name on the x axis: hours as the clock shows them, days short in the language, the others by name. */
export const axisLabelOf = (dto: StatisticsDto) => (key: string, label: string) =>
  dto.group === 'hour' ? formatTime(key) : dto.group === 'day' ? formatAxisDay(key) : label;

/**
 * Room for the tick labels and the axis's name: the chart cuts a tick label that does not fit to nothing, and it
 * measures text by the font stack's first font, Noto Sans Arabic where Inter, Roboto and Segoe UI are missing,
 * whose line box is about twice the font size (25 px for a 12 px label, 29 px for the 14 px name).
 */
const X_AXIS_HEIGHT = 76;
const Y_AXIS_WIDTH = 84;

/**
 * Bookings, completed and cancelled per group, the x axis named after the grouping with a label per row, the
 * y axis the number of bookings. An image with a text alternative (the same numbers are in the table below it);
 * the chart itself is hidden from assistive technology.
 */
export function StatisticsChart({ dto, labels }: { dto: StatisticsDto; labels: string[] }) {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const summary = dto.rows.map((r, i) => `${labels[i]}: ${formatNumber(r.bookings)}`).join(', ');
  const axisLabel = axisLabelOf(dto);
  const ticks = dto.rows.map((r, i) => axisLabel(r.key, labels[i] ?? r.label));
  return (
    <div role="img" aria-label={`${REPORTS_UI.chartTitle}. ${summary}`} data-testid="statistics-chart">
      <div aria-hidden="true" inert>
        <BarChart
          height={340}
          xAxis={[
            {
              scaleType: 'band',
              data: ticks,
              label: REPORTS_UI.group[dto.group],
              height: X_AXIS_HEIGHT,
              tickLabelMinGap: 8,
              // Right to left, the groups run from the right as the table's text does, the counts on that side.
              reverse: rtl,
            },
          ]}
          yAxis={[
            {
              label: REPORTS_UI.chartYAxis,
              width: Y_AXIS_WIDTH,
              position: rtl ? 'right' : 'left',
              tickMinStep: 1,
              valueFormatter: (v: number) => formatNumber(v),
            },
          ]}
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
