import { announcements } from '../schema';
import type { Seeder } from './index';

const DAY = 24 * 3600_000;

/** Drivers' announcements: one shown now, one to come, one draft. */
export const seedBroadcasts: Seeder = {
  name: 'broadcasts',
  async run(db, { log }) {
    const now = Date.now();
    const rows = [
      {
        title: 'Grand Prix week',
        body: 'Roads around the circuit close from 06:00 to 19:00; reach Fontvieille through the tunnel.',
        validFrom: new Date(now - DAY),
        validUntil: new Date(now + 6 * DAY),
        published: true,
      },
      {
        title: 'New airport pick-up zone',
        body: 'From next week, airport pick-ups use zone B on level 0.',
        validFrom: new Date(now + 3 * DAY),
        validUntil: new Date(now + 30 * DAY),
        published: true,
      },
      {
        title: 'Winter tyres',
        body: 'Check your tyres before the first trips to the mountains.',
        validFrom: new Date(now),
        validUntil: new Date(now + 60 * DAY),
        published: false,
      },
    ];
    await db.insert(announcements).values(rows);
    log(`${rows.length} drivers' announcements`);
  },
};
