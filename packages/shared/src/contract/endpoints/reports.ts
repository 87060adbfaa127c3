import type { StatGroup } from '../../reports/period';
import { endpoint } from '../endpoint';
import { reportsContract } from '../reports';

/** The dashboard, the control-room monitor and the statistics page. */
export const reportsEndpoints = {
  reportsDashboard: endpoint()('GET', 'reports/dashboard', reportsContract.dashboard),
  reportsMonitor: endpoint()('GET', 'reports/monitor', reportsContract.monitor),
  reportsStatistics: endpoint<{ from: string; to: string; group: StatGroup }>()(
    'GET',
    'reports/statistics',
    reportsContract.statistics,
  ),
  /** The same table as CSV (the server's writer: formulas defused, headers in the caller's language). */
  reportsStatisticsCsv: endpoint<{ from: string; to: string; group: StatGroup }>()(
    'GET',
    'reports/statistics/export.csv',
    reportsContract.statisticsCsv,
  ),
};
