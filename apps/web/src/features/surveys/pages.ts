import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Surveys: () => import('./SurveysPage'),
  Survey: () => import('./SurveyPage'),
  SurveysCreate: () => import('./SurveyCreatePage'),
  CarRequests: () => import('./CarRequestsPage'),
};
