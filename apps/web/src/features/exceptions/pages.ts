import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Exceptions: () => import('./ExceptionsPage'),
};
