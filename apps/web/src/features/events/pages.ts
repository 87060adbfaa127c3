import type { FeaturePages } from '../../app/pages';

// The list, create and item pages are the city_events catalogue's (catalogue/catalogues/city-events.web.tsx).
export const pages: FeaturePages = {
  EventsReport: () => import('./EventsReportPage'),
};
