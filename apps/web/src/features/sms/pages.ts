import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  sms_codes: () => import('./SmsCodesPage'),
};
