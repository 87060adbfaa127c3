import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Timeline: () => import('./TimelinePage'),
};
