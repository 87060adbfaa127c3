import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  ServiceCars: () => import('./ServiceCarsPage'),
  ServiceLocations: () => import('./ServiceLocationsPage'),
};
