import { DEMO_ROLES } from '@taxi/shared';
import { hashPassword } from '../../lib/password';
import { airportAgencies, roles, userRoles, users } from '../schema';
import { grant } from './base';
import type { Seeder } from './index';

export const DEMO_PASSWORD = 'Demo#2026';

/** The demo airport agencies: the first holds the demo desk, the second lets tenant isolation be seen. */
export const DEMO_AIRPORT_AGENCIES = ['Riviera Air Travel', 'Azur Jet Services'] as const;
type Agency = (typeof DEMO_AIRPORT_AGENCIES)[number];

export const DEMO_USERS: readonly {
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  agency?: Agency;
}[] = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roleId: 1 },
  { email: 'dispatcher@example.com', firstName: 'Dario', lastName: 'Dispatcher', roleId: 2 },
  { email: 'callcenter@example.com', firstName: 'Carla', lastName: 'Callcentre', roleId: 3 },
  { email: 'gov@example.com', firstName: 'Gustave', lastName: 'Government', roleId: 4 },
  { email: 'supervisor@example.com', firstName: 'Sofia', lastName: 'Supervisor', roleId: 5 },
  { email: 'airport@example.com', firstName: 'Arnaud', lastName: 'Airport', roleId: 11, agency: 'Riviera Air Travel' },
  {
    email: 'airport.supervisor@example.com',
    firstName: 'Alice',
    lastName: 'Airport-Supervisor',
    roleId: 12,
    agency: 'Riviera Air Travel',
  },
  { email: 'airport.azur@example.com', firstName: 'Amir', lastName: 'Azur', roleId: 11, agency: 'Azur Jet Services' },
];

/** Demo roles and one staff member per role, all with DEMO_PASSWORD. */
export const seedStaff: Seeder = {
  name: 'staff',
  async run(db, { log }) {
    await db
      .insert(roles)
      .values(DEMO_ROLES.map(({ id, name }) => ({ id, name })))
      .onConflictDoNothing();
    for (const role of DEMO_ROLES) await grant(db, role.id, role.permissions);
    const agencies = await db
      .insert(airportAgencies)
      .values(DEMO_AIRPORT_AGENCIES.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning({ id: airportAgencies.id, name: airportAgencies.name });
    const agencyId = new Map(agencies.map((a) => [a.name, a.id]));
    const passwordHash = await hashPassword(DEMO_PASSWORD); // one hash: same password for all
    for (const u of DEMO_USERS) {
      const airportAgencyId = u.agency ? (agencyId.get(u.agency) ?? null) : null;
      const [row] = await db
        .insert(users)
        .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, passwordHash, airportAgencyId })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (row) await db.insert(userRoles).values({ userId: row.id, roleId: u.roleId, position: 0 });
    }
    log(`seeded ${DEMO_USERS.length} staff users`);
  },
};
