import { desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, captains, passengers, rides } from '../db/schema';
import type { AppTicketInput } from '../modules/tickets/service';

/** What the simulated apps report after a ride (seeded ticket types of the same titles). */
export const SIM_TICKET_KINDS = ['lost_item', 'late_captain', 'rude_behaviour'] as const;
export type SimTicketKind = (typeof SIM_TICKET_KINDS)[number];

export const SIM_TICKET_TYPES: Record<SimTicketKind, string> = {
  lost_item: 'Lost item',
  late_captain: 'Late captain',
  rude_behaviour: 'Rude behaviour',
};

/** Their users' own words: stored as written. */
const WORDS: Record<SimTicketKind, readonly string[]> = {
  lost_item: ['I left my phone in the car.', 'My bag stayed on the back seat.', 'I forgot my keys in the taxi.'],
  late_captain: ['The captain came 20 minutes late.', 'I waited a long time at the pickup.'],
  rude_behaviour: ['The driver was rude to me.', 'The passenger shouted at me.', 'Very unpleasant ride.'],
};

/** Tickets per hour at the demo's rate (one now and then per few dozen rides). */
const TICKETS_PER_HOUR: Record<SimTicketKind, number> = { lost_item: 2, late_captain: 2, rude_behaviour: 1 };

/** A ticket of this kind from a recent ride (or `bookingId`'s): who writes it and about whom. */
export async function simTicketFor(
  app: FastifyInstance,
  kind: SimTicketKind,
  random: () => number,
  bookingId?: number,
): Promise<AppTicketInput> {
  const [ride] = await app.db
    .select({ bookingId: bookings.id, passengerId: bookings.passengerId, captainId: rides.captainId })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(bookingId ? eq(bookings.id, bookingId) : inArray(bookings.status, ['DONE', 'PAID']))
    .orderBy(desc(bookings.id))
    .limit(1)
    .offset(bookingId ? 0 : Math.floor(random() * 20));
  let passengerId = ride?.passengerId ?? null;
  let captainId = ride?.captainId ?? null;
  // A world without finished rides yet: any passenger and captain.
  if (passengerId === null)
    [{ id: passengerId }] = await app.db.select({ id: passengers.id }).from(passengers).orderBy(sql`random()`).limit(1);
  if (captainId === null)
    [{ id: captainId }] = await app.db
      .select({ id: captains.id })
      .from(captains)
      .where(isNotNull(captains.id))
      .orderBy(sql`random()`)
      .limit(1);
  const words = WORDS[kind][Math.floor(random() * WORDS[kind].length)];
  const captainWrites = kind === 'rude_behaviour' && random() < 0.3;
  return {
    typeTitle: SIM_TICKET_TYPES[kind],
    author: captainWrites ? { type: 'captain', id: captainId } : { type: 'passenger', id: passengerId },
    subject: captainWrites ? { type: 'passenger', id: passengerId } : { type: 'captain', id: captainId },
    bookingId: ride?.bookingId ?? null,
    text: words,
  };
}

/**
 * The apps' tickets: now and then a passenger (or a captain) reports a lost item, a late captain or rude
 * behaviour after a ride, through the ticket service, so the queue, 'new ticket' and the notification
 * run as with real apps. Its own random sequence (a seeded world keeps its bookings' draws).
 */
export class SimTickets {
  constructor(
    private readonly app: FastifyInstance,
    private readonly random: () => number,
  ) {}

  async step(dt: number): Promise<void> {
    for (const kind of SIM_TICKET_KINDS) {
      if (this.random() >= (TICKETS_PER_HOUR[kind] / 3600) * dt) continue;
      await this.app.tickets.raiseFromApp(await simTicketFor(this.app, kind, this.random));
    }
  }
}
