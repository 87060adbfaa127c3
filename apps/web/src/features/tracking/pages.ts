import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  CaptainsMap: () => import('./CaptainsMapPage'),
  DriversMap: () => import('./DriversMapPage'),
};
