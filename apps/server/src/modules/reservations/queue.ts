import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { paginate } from '../../http/pagination';
import { presentBookings } from '../bookings/presenter';
import { bookingPageSource } from '../bookings/queries';

/** Scheduled bookings still waiting for a captain. */
const waiting = and(eq(bookings.status, 'PENDING'), eq(bookings.now, false));

/** A page of the reservation queue: scheduled bookings waiting for a captain, soonest first. */
export async function reservationQueuePage(db: Db, query: { page: number; perPage: number; url: string }) {
  const page = await paginate(bookingPageSource(db, waiting, false), query);
  return { ...page, data: await presentBookings(db, page.data) };
}
