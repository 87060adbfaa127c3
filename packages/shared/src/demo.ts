import { DEMO_DATA } from './demo-data';
import type { Permission } from './permissions';

/**
 * The demo roles beside Admin (role 1, every permission) and the airport roles 11 and 12 (none): what the
 * demo seed grants, and what the policy tests check the rules against. One definition for both.
 */
export const DEMO_ROLES: readonly { id: number; name: string; permissions: readonly Permission[] }[] = [
  {
    id: 2,
    name: DEMO_DATA.roles.dispatcher,
    permissions: [
      'DISPATCHING',
      'PHONE_BOOKING',
      'MONITORING',
      'TIMELINE',
      'PASSENGERS',
      'COMPLAINTS',
      'MESSAGES',
      'CAPTAINS',
    ],
  },
  {
    id: 3,
    name: DEMO_DATA.roles.callCentre,
    permissions: ['PHONE_BOOKING', 'DISPATCHING', 'PASSENGERS', 'COMPLAINTS', 'MESSAGES'],
  },
  { id: 4, name: DEMO_DATA.roles.government, permissions: ['COMPLAINTS', 'DISPATCHING'] },
  {
    id: 5,
    name: DEMO_DATA.roles.supervisor,
    permissions: [
      'DISPATCHING',
      'PHONE_BOOKING',
      'TIMELINE',
      'MONITORING',
      'COMPLAINTS',
      'USERS',
      'PASSENGERS',
      'MESSAGES',
      'CAPTAINS',
      'LOCATIONS',
      'LANDMARK_MANAGEMENT',
      'SETTINGS',
      'DISPATCHING_CONFIG',
      'RESERVATIONS',
      'EVENTS_REPORTS',
      'PUNISHMENT',
      'PLANNING',
      'SURVEYS',
      'RESERVATION_QUEUE',
      'STATISTICS',
      'LOST_AND_FOUND',
    ],
  },
];
