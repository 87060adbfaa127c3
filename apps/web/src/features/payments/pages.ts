import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  payments: () => import('./PaymentsPage'),
};
