import { holds, holdsAny, rule } from './core';

/** The timeline (TIMELINE): the audit trail as a live stream, and a booking's story. */
export const timelinePolicy = {
  read: rule('timeline.read', (a) => holds(a, 'TIMELINE')),
  /** Staff actions outside bookings, complaints and tickets (catalogue and account changes). */
  staffActions: rule('timeline.staffActions', (a) => holdsAny(a, ['USERS', 'SETTINGS'])),
} as const;
