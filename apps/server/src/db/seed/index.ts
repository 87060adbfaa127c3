import { count } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { users } from '../schema';
import { seedBonuses } from './bonuses';
import { seedBookings } from './bookings';
import { seedBroadcasts } from './broadcasts';
import { seedCatalogue } from './catalogue';
import { seedCity } from './city';
import { seedComplaints } from './complaints';
import { seedContracts } from './contracts';
import { seedEvents } from './events';
import { seedGeo } from './geo';
import { seedLostAndFound } from './lost-and-found';
import { seedMessages } from './messages';
import { seedPartners } from './partners';
import { seedPeople } from './people';
import { seedInterviews, seedProjectSchedules, seedVacations } from './planning';
import { seedReportAggregates } from './report-aggregates';
import { seedReservations } from './reservations';
import { seedServices } from './services';
import { seedShifts } from './shifts';
import { seedSms } from './sms';
import { seedStaff } from './staff';
import { seedSurveys } from './surveys';
import { seedTerms } from './terms';
import { seedTickets } from './tickets';

export interface SeedContext {
  log: (message: string) => void;
  /** Volume of generated demo data: 1 = the full demo (config DEMO_SCALE), 0 = the minimum tests need. */
  scale: number;
}

/** One domain's demo data. Later features add theirs to DEMO_SEEDERS (order matters: parents first). */
export interface Seeder {
  name: string;
  run(db: DbOrTx, ctx: SeedContext): Promise<void>;
}

export const DEMO_SEEDERS: Seeder[] = [
  seedStaff,
  seedCity,
  seedPartners,
  seedCatalogue,
  seedBonuses,
  seedServices,
  seedGeo,
  seedPeople,
  seedContracts,
  seedReservations,
  seedBroadcasts,
  seedBookings,
  seedComplaints,
  seedTickets,
  seedMessages,
  seedSms,
  seedSurveys,
  seedLostAndFound,
  seedEvents,
  seedTerms,
  seedProjectSchedules,
  seedShifts,
  seedVacations,
  seedInterviews,
  seedReportAggregates,
];

/** Demo data of every domain, in order. Call only on a new database and never in production. */
export async function seedDemo(db: Db, ctx: SeedContext, seeders: readonly Seeder[] = DEMO_SEEDERS): Promise<void> {
  for (const seeder of seeders) {
    const started = Date.now();
    await db.transaction(async (tx) => seeder.run(tx, ctx));
    ctx.log(`seed ${seeder.name}: ${Date.now() - started} ms`);
  }
}

/** A database with no user yet is new. */
export async function isNewDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

export { seedBase } from './base';
export { DEMO_PARTNER_USERS } from './partners';
export { DEMO_PASSWORD, DEMO_USERS } from './staff';
