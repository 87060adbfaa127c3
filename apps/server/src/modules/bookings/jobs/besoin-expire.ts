import { CANCELLED_STATUSES } from '@taxi/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import { dateOf } from '../../../lib/clock';
import { audit, type BookingDeps } from '../store';

/**
 * A "besoin" whose time ran out without renewal ends (booking.besoinExpired: 'expired besoin' to the consoles and
 * the dispatchers' notification). The booking is not cancelled: it stays PENDING without the flag (so no more
 * 'Extend waiting time'), the automatic offers go on in their rounds, and the operators, told, dispatch it by hand
 * or cancel it. Its besoin_date stays as the mark of a search that ended: the cascade starts no second one until a
 * re-dispatch makes it PENDING again (offers/besoin.ts). A job whose besoin was renewed, dispatched or cancelled
 * meanwhile finds nothing to end.
 */
export function besoinExpireJob(deps: BookingDeps) {
  return async ({ booking_id }: { booking_id: number }) => {
    const now = dateOf(deps.clock);
    await deps.bus.transact(async (tx, record) => {
      const [row] = await tx
        .update(bookings)
        .set({ besoin: false, updatedAt: now })
        .where(
          and(
            eq(bookings.id, booking_id),
            eq(bookings.besoin, true),
            sql`${bookings.besoinDate} <= ${now}`,
            notInArray(bookings.status, [...CANCELLED_STATUSES]),
          ),
        )
        .returning({ id: bookings.id });
      if (!row) return;
      await audit(tx, null, 'besoin_expired', booking_id, { besoin: true }, { besoin: false });
      record('booking.besoinExpired', { bookingId: booking_id });
    });
  };
}
