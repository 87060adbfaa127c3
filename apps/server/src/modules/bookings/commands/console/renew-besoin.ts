import { BOOKING_MSG, type BookingDto } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import { type Actor, BESOIN_EXTENSION_MS } from '../../model';
import { authorizedBooking } from '../../rules';
import { audit, type BookingDeps, changeBooking } from '../../store';

/** Extends a "besoin" booking by BESOIN_EXTENSION_MS from now (or from its current end, if later). */
export async function renewBesoin(deps: BookingDeps, actor: Actor, id: number): Promise<BookingDto> {
  const booking = await authorizedBooking(deps, actor, id, 'extend');
  return changeBooking(deps, id, async (tx, record, now) => {
    const base = Math.max(now.getTime(), booking.besoinDate?.getTime() ?? 0);
    const besoinDate = new Date(base + BESOIN_EXTENSION_MS);
    const [row] = await tx
      .update(bookings)
      .set({ besoinDate, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.besoin, true)))
      .returning({ id: bookings.id });
    if (!row) throw conflict(BOOKING_MSG.notBesoin);
    await audit(tx, actor.id, 'besoin_renew', id, { besoin_date: booking.besoinDate }, { besoin_date: besoinDate });
    record('booking.updated', { bookingId: id });
    record('booking.besoinRenewed', { bookingId: id, besoinDate });
  });
}
