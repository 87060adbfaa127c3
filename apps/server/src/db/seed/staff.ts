import { GOVERNMENT_ROLE_NAME, type Permission } from '@taxi/shared';
import { hashPassword } from '../../lib/password';
import { roles, userRoles, users } from '../schema';
import { grant } from './base';
import type { Seeder } from './index';

export const DEMO_PASSWORD = 'Demo#2026';

export const DEMO_ROLES: { id: number; name: string; permissions: readonly Permission[] }[] = [
  {
    id: 2,
    name: 'Dispatcher',
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
  { id: 3, name: 'Call centre', permissions: ['PHONE_BOOKING', 'DISPATCHING', 'PASSENGERS', 'COMPLAINTS', 'MESSAGES'] },
  { id: 4, name: GOVERNMENT_ROLE_NAME, permissions: ['COMPLAINTS', 'DISPATCHING'] },
  {
    id: 5,
    name: 'Supervisor',
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

export const DEMO_USERS = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roleId: 1 },
  { email: 'dispatcher@example.com', firstName: 'Dario', lastName: 'Dispatcher', roleId: 2 },
  { email: 'callcenter@example.com', firstName: 'Carla', lastName: 'Callcentre', roleId: 3 },
  { email: 'gov@example.com', firstName: 'Gustave', lastName: 'Government', roleId: 4 },
  { email: 'supervisor@example.com', firstName: 'Sofia', lastName: 'Supervisor', roleId: 5 },
  { email: 'airport@example.com', firstName: 'Arnaud', lastName: 'Airport', roleId: 11 },
  { email: 'airport.supervisor@example.com', firstName: 'Alice', lastName: 'Airport-Supervisor', roleId: 12 },
] as const;

/** Demo roles and one staff member per role, all with DEMO_PASSWORD. */
export const seedStaff: Seeder = {
  name: 'staff',
  async run(db, { log }) {
    await db
      .insert(roles)
      .values(DEMO_ROLES.map(({ id, name }) => ({ id, name })))
      .onConflictDoNothing();
    for (const role of DEMO_ROLES) await grant(db, role.id, role.permissions);
    const passwordHash = await hashPassword(DEMO_PASSWORD); // one hash: same password for all
    for (const u of DEMO_USERS) {
      const [row] = await db
        .insert(users)
        .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (row) await db.insert(userRoles).values({ userId: row.id, roleId: u.roleId, position: 0 });
    }
    log(`seeded ${DEMO_USERS.length} staff users`);
  },
};
