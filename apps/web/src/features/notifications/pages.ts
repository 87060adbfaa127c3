import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  AllNotifications: () => import('./AllNotificationsPage'),
};
