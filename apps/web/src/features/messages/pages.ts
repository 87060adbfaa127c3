import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Messages: () => import('./MessagesPage'),
  BookingChat: () => import('./BookingChatPage'),
};
