import { type DashboardDto, REPORTS_UI } from '@taxi/shared';
import { formatEuros, formatNumber } from '../../i18n/format';

/** A waiting time: seconds under two minutes, minutes beyond. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return formatNumber(null);
  return seconds < 120
    ? REPORTS_UI.seconds(formatNumber(Math.round(seconds)))
    : REPORTS_UI.minutes(formatNumber(Math.round(seconds / 60)));
}

/** A share as a percentage; `digits` decimals. */
export const formatPercent = (share: number | null, digits = 0) =>
  share === null ? formatNumber(null) : REPORTS_UI.percent(formatNumber(share * 100, digits));

/** One card of the dashboard or the wall-board: its title, its value as text and its hourly series. */
export interface FigureView {
  id: string;
  label: string;
  value: string;
  series: (number | null)[] | null;
}

/** The figures of the day in the order the cards show them; revenue only when the answer carries it. */
export function dayFigures(d: DashboardDto): FigureView[] {
  const out: FigureView[] = [
    { id: 'bookings', label: REPORTS_UI.bookings, value: formatNumber(d.bookings.value), series: d.bookings.series },
    {
      id: 'completed',
      label: REPORTS_UI.completed,
      value: formatNumber(d.completed.value),
      series: d.completed.series,
    },
    {
      id: 'cancelled',
      label: REPORTS_UI.cancelled,
      value: formatNumber(d.cancelled.value),
      series: d.cancelled.series,
    },
    { id: 'wait_p50', label: REPORTS_UI.waitP50, value: formatWait(d.wait_p50_s.value), series: d.wait_p50_s.series },
    { id: 'wait_p90', label: REPORTS_UI.waitP90, value: formatWait(d.wait_p90_s.value), series: d.wait_p90_s.series },
    {
      id: 'eta',
      label: REPORTS_UI.meanEta,
      value:
        d.mean_eta_min.value === null ? formatNumber(null) : REPORTS_UI.minutes(formatNumber(d.mean_eta_min.value)),
      series: d.mean_eta_min.series,
    },
    {
      id: 'automation',
      label: REPORTS_UI.automation,
      value: formatPercent(d.automation_rate.value),
      series: d.automation_rate.series,
    },
  ];
  if (d.revenue_eur)
    out.push({
      id: 'revenue',
      label: REPORTS_UI.revenue,
      value: formatEuros(d.revenue_eur.value),
      series: d.revenue_eur.series,
    });
  out.push(
    { id: 'captains_online', label: REPORTS_UI.captainsOnline, value: formatNumber(d.captains.online), series: null },
    { id: 'captains_free', label: REPORTS_UI.captainsFree, value: formatNumber(d.captains.free), series: null },
    { id: 'captains_busy', label: REPORTS_UI.captainsBusy, value: formatNumber(d.captains.busy), series: null },
  );
  return out;
}
