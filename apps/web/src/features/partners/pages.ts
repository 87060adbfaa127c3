import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  PartnerBookings: () => import('./PartnerBookingsPage'),
  HotelsStore: () => import('./HotelsStoreRedirect'),
  RestaurantsStore: () => import('./RestaurantsStoreRedirect'),
};
