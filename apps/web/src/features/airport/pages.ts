import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  AirportCreate: () => import('./AirportCreatePage'),
};
