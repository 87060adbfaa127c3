import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Broadcast: () => import('./BroadcastPage'),
  scheduled_messages: () => import('./ScheduledMessagesPage'),
  ScheduledMessagesStore: () => import('./ScheduledMessageCreatePage'),
};
