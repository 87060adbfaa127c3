import type { DbOrTx } from '../client';
import { complaintCategories } from '../schema';
import type { Seeder } from './index';

export const DEMO_COMPLAINT_CATEGORIES = [
  'Driver behaviour',
  'Late pickup',
  'Vehicle condition',
  'Wrong route',
  'Price dispute',
  'Lost item',
];

/** Complaint categories (runs after bookings; the catalogue every scale needs). */
export const seedComplaints: Seeder = {
  name: 'complaints',
  async run(db: DbOrTx) {
    await db
      .insert(complaintCategories)
      .values(DEMO_COMPLAINT_CATEGORIES.map((name) => ({ name })))
      .onConflictDoNothing({ target: complaintCategories.name });
  },
};
