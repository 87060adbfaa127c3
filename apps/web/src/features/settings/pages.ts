import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Settings: () => import('./SettingsPage'),
  Dispatching: () => import('./DispatchingPage'),
  MaxBookingCount: () => import('./MaxBookingCountPage'),
};
