import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  TicketsMonitoring: () => import('./TicketsMonitoringPage'),
  Ticket: () => import('./TicketPage'),
  FollowUpTicket: () => import('./FollowUpTicketPage'),
};
