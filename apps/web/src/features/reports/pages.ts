import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Dashboard: () => import('./DashboardPage'),
  Monitor: () => import('./MonitorPage'),
  BarStatistics: () => import('./StatisticsPage'),
};
