import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Details: () => import('./RideDetailsPage'),
};
