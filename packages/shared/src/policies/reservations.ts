import { holds, rule } from './core';

/** The reservation queue (shell.md §2.3: ReservationQueue, RESERVATION_QUEUE). */
export const reservationPolicy = {
  queue: rule('reservations.queue', (a) => holds(a, 'RESERVATION_QUEUE')),
} as const;
