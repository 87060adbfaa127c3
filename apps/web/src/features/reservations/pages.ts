import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  ReservationQueue: () => import('./ReservationQueuePage'),
};
