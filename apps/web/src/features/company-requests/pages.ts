import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  CompanyRequests: () => import('./CompanyRequestsPage'),
  CompanyRequest: () => import('./CompanyRequestPage'),
};
