import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { bookings, lostItems, rides } from '../schema';
import type { Seeder } from './index';

const HOUR = 3600_000;

const ITEMS = [
  {
    description: 'Black smartphone in a blue case',
    category: 'phone',
    keptAt: 'Office safe, shelf 1',
    status: 'found',
  },
  {
    description: 'Brown leather wallet with cards',
    category: 'wallet',
    keptAt: 'Office safe, shelf 2',
    status: 'contacted',
  },
  { description: 'Set of three keys on a red ring', category: 'keys', keptAt: 'Reception drawer', status: 'found' },
  { description: 'Grey backpack with a laptop', category: 'bag', keptAt: 'Storage room', status: 'returned' },
  { description: 'Child’s blue jacket', category: 'clothing', keptAt: 'Storage room', status: 'disposed' },
  {
    description: 'Passport in a green cover',
    category: 'documents',
    keptAt: 'Office safe, shelf 1',
    status: 'contacted',
  },
  { description: 'Umbrella with a wooden handle', category: 'other', keptAt: 'Reception drawer', status: 'found' },
] as const;

/**
 * Items found in cars over the last days, most linked to a recent booking with its captain and passenger,
 * one brought in without a booking; every status is represented.
 */
export const seedLostAndFound: Seeder = {
  name: 'lost and found',
  async run(db, { log }) {
    const recent = await db
      .select({ id: bookings.id, passengerId: bookings.passengerId, captainId: rides.captainId, at: bookings.datetime })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(and(isNotNull(bookings.rideId), eq(bookings.status, 'PAID')))
      .orderBy(desc(bookings.datetime))
      .limit(ITEMS.length);
    const fallback = await db.select({ at: bookings.datetime }).from(bookings).orderBy(asc(bookings.id)).limit(1);
    const now = Date.now();
    const rows = ITEMS.map((item, i) => {
      const booking = i < ITEMS.length - 1 ? recent[i] : undefined;
      const at = booking ? booking.at.getTime() + 40 * 60_000 : (fallback[0]?.at.getTime() ?? now) - (i + 1) * 5 * HOUR;
      return {
        description: item.description,
        category: item.category,
        keptAt: item.keptAt,
        status: item.status,
        foundAt: new Date(Math.min(at, now)),
        bookingId: booking?.id ?? null,
        captainId: booking?.captainId ?? null,
        passengerId: booking?.passengerId ?? null,
        notes: i === 1 ? 'Owner called back, will pick it up tomorrow' : null,
      };
    });
    await db.insert(lostItems).values(rows);
    log(`${rows.length} lost items`);
  },
};
