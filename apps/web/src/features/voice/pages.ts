import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Calls: () => import('./CallsPage'),
};
