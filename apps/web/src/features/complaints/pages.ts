import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  ComplaintsList: () => import('./ComplaintsPage'),
  CaptainComplaintsNoBooking: () => import('./CaptainComplaintsPage'),
};
