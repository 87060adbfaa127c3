import { asc } from 'drizzle-orm';
import { captains, seasonalReservationAllowances } from '../schema';
import type { Seeder } from './index';

/**
 * Seasonal reservation allowances of the demo: defaults for the busy seasons (hot, classic) and one
 * captain's special case. The default season (night) has none, so the demo's scheduled bookings are not limited.
 */
export const seedReservations: Seeder = {
  name: 'seasonal reservations',
  async run(db, { log }) {
    const [first] = await db.select({ id: captains.id }).from(captains).orderBy(asc(captains.id)).limit(1);
    const rows = [
      { season: 'hot', captainId: null, maxReservations: 3 },
      { season: 'classic', captainId: null, maxReservations: 4 },
      ...(first ? [{ season: 'hot', captainId: first.id, maxReservations: 6 }] : []),
    ];
    await db.insert(seasonalReservationAllowances).values(rows);
    log(`${rows.length} seasonal reservation allowances`);
  },
};
