import { sql } from 'drizzle-orm';
import { termsAcceptances, termsVersions } from '../schema';
import type { Seeder } from './index';

const DAY = 24 * 3600_000;

/**
 * Terms of both audiences: the passengers' in a second version that most passengers already accepted
 * (the rest still on the first), the captains' in one version every third captain has not yet accepted.
 */
export const seedTerms: Seeder = {
  name: 'terms',
  async run(db) {
    const now = Date.now();
    const rows = await db
      .insert(termsVersions)
      .values([
        {
          audience: 'passenger',
          version: 1,
          title: 'Passenger terms of use',
          body: 'Bookings are confirmed once a captain accepts them. Cancellations after the captain arrives may be charged.',
          createdAt: new Date(now - 400 * DAY),
        },
        {
          audience: 'passenger',
          version: 2,
          title: 'Passenger terms of use',
          body: 'Bookings are confirmed once a captain accepts them. Cancellations after the captain arrives may be charged. Vouchers apply to the services they name.',
          createdAt: new Date(now - 30 * DAY),
        },
        {
          audience: 'captain',
          version: 1,
          title: 'Captain agreement',
          body: 'Captains accept offers they can honour, keep their documents valid and follow the dispatch rules.',
          createdAt: new Date(now - 400 * DAY),
        },
      ])
      .returning({ id: termsVersions.id, audience: termsVersions.audience, version: termsVersions.version });
    const id = (audience: string, version: number) =>
      rows.find((r) => r.audience === audience && r.version === version)?.id ?? 0;
    // Set-based: every passenger accepted v1; four in five accepted v2; two captains in three accepted.
    await db.execute(sql`
      insert into ${termsAcceptances} (terms_id, owner_kind, owner_id, accepted_at)
      select ${id('passenger', 1)}::int, 'passenger', id, now() - interval '300 days' from passengers
      union all
      select ${id('passenger', 2)}::int, 'passenger', id, now() - interval '20 days' from passengers where id % 5 <> 0
      union all
      select ${id('captain', 1)}::int, 'captain', id, now() - interval '200 days' from captains where id % 3 <> 0`);
  },
};
