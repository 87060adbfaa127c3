import { DEMO_DATA } from '@taxi/shared';
import { bonuses, bonusPackages, bonusTimeSlices, conditionalBonuses } from '../schema';
import type { Seeder } from './index';

const B = DEMO_DATA.bonuses;

/** A demo bonus package (rush-hour rides on weekdays, a busy day) and a conditional bonus. */
export const seedBonuses: Seeder = {
  name: 'bonuses',
  async run(db, { log }) {
    const year = new Date().getUTCFullYear();
    const [pkg] = await db
      .insert(bonusPackages)
      // This year's package, whenever the demo is started.
      .values({ name: `Season ${year}`, active: true, validFrom: `${year}-01-01`, validTo: `${year}-12-31` })
      .returning({ id: bonusPackages.id });
    const [rush] = await db
      .insert(bonuses)
      .values([
        { bonusPackageId: pkg.id, name: B.morningRush, kind: 'rides_count', threshold: 5, amount: 15 },
        { bonusPackageId: pkg.id, name: B.busyDay, kind: 'rides_count', threshold: 20, amount: 40 },
        { bonusPackageId: pkg.id, name: B.reliable, kind: 'acceptance_rate', threshold: 90, amount: 10 },
      ])
      .returning({ id: bonuses.id });
    await db
      .insert(bonusTimeSlices)
      .values(
        [1, 2, 3, 4, 5].map((dayOfWeek) => ({ bonusId: rush.id, dayOfWeek, fromTime: '07:00', toTime: '10:00' })),
      );
    await db.insert(conditionalBonuses).values({ name: B.tenRides, minRides: 10, minAcceptanceRate: 80, amount: 12.5 });
    log('seeded a bonus package with 3 bonuses and a conditional bonus');
  },
};
