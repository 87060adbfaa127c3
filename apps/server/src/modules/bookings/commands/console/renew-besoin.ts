import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import type { Actor } from '../../model';
import { authorizedBooking } from '../../rules';
import { audit, type BookingDeps, changeBooking } from '../../store';

/**
 * Extends a "besoin" booking by BESOIN_RENEWAL_MINUTES from its current end, or from now once that passed. The
 * row is locked first, so two operators extending at once extend it twice, each from the other's end.
 */
export async function renewBesoin(deps: BookingDeps, actor: Actor, id: number): Promise<BookingDto> {
  await authorizedBooking(deps, actor, id, 'extend');
  const { besoinRenewalMs } = await deps.config.current();
  return changeBooking(deps, id, async (tx, record, now) => {
    const [row] = await tx
      .select({ besoin: bookings.besoin, besoinDate: bookings.besoinDate })
      .from(bookings)
      .where(eq(bookings.id, id))
      .for('update');
    if (!row?.besoin) throw conflict(BOOKING_MSG.notBesoin);
    const base = Math.max(now.getTime(), row.besoinDate?.getTime() ?? 0);
    const besoinDate = new Date(base + besoinRenewalMs);
    await tx
      .update(bookings)
      .set({ besoinDate, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.besoin, true)));
    await audit(tx, actor.id, 'besoin_renew', id, { besoin_date: row.besoinDate }, { besoin_date: besoinDate });
    record('booking.updated', { bookingId: id });
    record('booking.besoinRenewed', { bookingId: id, besoinDate });
  });
}
