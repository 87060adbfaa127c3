import { rebuildAggregates } from '../../modules/reports/rebuild';
import type { Seeder } from './index';

/** The seeded bookings were written directly: their aggregates are built once, as the rebuild does. */
export const seedReportAggregates: Seeder = {
  name: 'report aggregates',
  run: async (db) => {
    await rebuildAggregates(db);
  },
};
