import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  DebugView: () => import('./DebugViewPage'),
  Test: () => import('./SelfTestPage'),
};
