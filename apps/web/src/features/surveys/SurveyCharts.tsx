import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { QuestionResultDto } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/**
 * The results' charts (MUI X Charts), loaded with the survey page only: the login bundle never carries
 * them. Each chart is an image with a text alternative; the numbers are also in the table beside it.
 */
export default function SurveyChart({ result }: { result: QuestionResultDto }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const choice = result.kind === 'choice';
  const labels = choice
    ? result.options.map((o) => dataLabel(o.label))
    : result.ratings.map((r) => formatNumber(r.rating));
  const values = choice ? result.options.map((o) => o.count) : result.ratings.map((r) => r.count);
  const summary = labels.map((label, i) => t('{{label}}: {{count}}', { label, count: values[i] })).join(', ');
  return (
    <div role="img" aria-label={summary} data-testid={`survey-chart-${result.question_id}`}>
      <div aria-hidden="true" inert>
        <BarChart
          height={Math.max(160, 48 * labels.length)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: choice ? 140 : 40 }]}
          xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => formatNumber(v) }]}
          series={[{ data: values, color: theme.palette.primary.main, label: t('Answers') }]}
          hideLegend
        />
      </div>
    </div>
  );
}
