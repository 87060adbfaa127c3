import { holds, rule } from './core';

/**
 * The operational overview and the statistics (shell.md: /dashboard and /BarStatistics need STATISTICS,
 * /monitor MONITORING). Revenue is money: only the payments desk's permission, CARLO_PAYMENT (the one
 * permission that reads payments and accounts, see the payments and ledger policies), sees it.
 */
export const reportsPolicy = {
  /** GET reports/dashboard: today's figures. */
  dashboard: rule('reports.dashboard', (a) => holds(a, 'STATISTICS')),
  /** GET reports/monitor: the control room's wall-board (the same figures and the live queue). */
  monitor: rule('reports.monitor', (a) => holds(a, 'MONITORING')),
  /** GET reports/statistics: any period, grouped. */
  statistics: rule('reports.statistics', (a) => holds(a, 'STATISTICS')),
  /** Revenue figures inside those answers (left out for everyone else). */
  revenue: rule('reports.revenue', (a) => holds(a, 'CARLO_PAYMENT')),
} as const;
