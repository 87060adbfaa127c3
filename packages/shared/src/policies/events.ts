import { holds, rule } from './core';

/**
 * City events (shell.md §2.2: /events… need EVENTS_REPORTS). The list and forms are the catalogue's rules
 * (cataloguePolicy of cityEventsResource); these are the calls beside it.
 */
export const eventsPolicy = {
  /** Bookings around each event against a week before (/events/report). */
  report: rule('events.report', (a) => holds(a, 'EVENTS_REPORTS')),
  /** Today's events on the live map (/rides_tracker needs MONITORING), or for whoever plans them. */
  today: rule('events.today', (a) => holds(a, 'MONITORING') || holds(a, 'EVENTS_REPORTS')),
} as const;
