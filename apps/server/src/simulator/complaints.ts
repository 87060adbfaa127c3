import { DEMO_DATA } from '@taxi/shared';
import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, complaintCategories, rides } from '../db/schema';
import { seededRandom } from './clock';

/**
 * What unhappy passengers write from the app after a ride (their own words, stored as written), with the
 * category the app's form files it under (the demo categories of the seed).
 */
const [behaviour, late, condition, route, price, lost] = DEMO_DATA.complaintCategories;
const GRIEVANCES: readonly (readonly [string, string])[] = [
  [behaviour, 'The driver was rude to me.'],
  [behaviour, 'The driver was on the phone the whole ride.'],
  [condition, 'The car was dirty.'],
  [condition, 'The car smelled of smoke.'],
  [route, 'The driver took a much longer route.'],
  [route, 'The driver did not follow the GPS and got lost.'],
  [price, 'I was charged more than the estimate.'],
  [late, 'The driver was very late to the pickup.'],
  [lost, 'I left my bag in the car.'],
];

/** About one finished ride in 40 draws a complaint from its passenger (a few per hour in the demo). */
const COMPLAINT_RATE = 1 / 40;
/** The app files it a while after the ride ends. */
const FILED_AFTER_MS: readonly [number, number] = [60_000, 10 * 60_000];

/**
 * Passengers' complaints from the simulated rides: each ride that ends may draw one, filed through the
 * same service as the console (ComplaintService.create) with no doer — the passenger app filed it.
 * Its own seeded sequence, so the world's other draws do not shift.
 */
export class SimComplaints {
  private since: number | null = null;
  /** Booking id → when its complaint is filed. */
  private readonly due = new Map<number, number>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly random: () => number,
  ) {}

  async step(now: number): Promise<void> {
    const since = this.since ?? now;
    this.since = now;
    const ended = await this.app.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(
        and(
          inArray(bookings.status, ['DONE', 'PAID']),
          isNotNull(rides.captainId),
          gt(bookings.updatedAt, new Date(since)),
          lte(bookings.updatedAt, new Date(now)),
        ),
      );
    for (const b of ended) {
      if (this.due.has(b.id) || this.random() >= COMPLAINT_RATE) continue;
      this.due.set(b.id, now + FILED_AFTER_MS[0] + this.random() * (FILED_AFTER_MS[1] - FILED_AFTER_MS[0]));
    }
    for (const [bookingId, at] of this.due) {
      if (at > now) continue;
      this.due.delete(bookingId);
      const [category, description] = GRIEVANCES[Math.floor(this.random() * GRIEVANCES.length)];
      const [row] = await this.app.db
        .select({ id: complaintCategories.id })
        .from(complaintCategories)
        .where(eq(complaintCategories.name, category));
      await this.app.complaints.create(
        null,
        { kind: 'booking', id: bookingId },
        {
          description,
          files: [],
          categoryId: row?.id,
        },
      );
    }
  }
}

const instances = new WeakMap<FastifyInstance, SimComplaints>();

/** The app's one complaint simulator (seeded when the world is). */
export function simComplaints(app: FastifyInstance, seeded: boolean): SimComplaints {
  let sim = instances.get(app);
  if (!sim) {
    sim = new SimComplaints(app, seeded ? seededRandom(11) : Math.random);
    instances.set(app, sim);
  }
  return sim;
}
