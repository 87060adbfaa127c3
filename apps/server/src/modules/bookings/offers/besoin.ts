import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { bookings } from '../../../db/schema';
import type { RecordEvent } from '../../../events';
import { dateOf } from '../../../lib/clock';
import { audit, type BookingDeps } from '../store';

/**
 * The cascade found no captain (none eligible, or every one offered refused or let the offer run out): the PENDING
 * booking becomes a driver search (besoin) until now + BESOIN_SEARCH_MINUTES, in the caller's transaction.
 * Compare-and-set on "PENDING, not a besoin, and no driver search since it last became PENDING" (besoin_date is
 * null until then, and is kept once a search ended), so two nodes or two ends of the cascade make one besoin.
 * booking.besoinStarted schedules its end; the caller records booking.updated (once, whatever else it changed),
 * which shows 'Extend waiting time' on every console's card.
 */
export async function beginBesoin(
  tx: Tx,
  record: RecordEvent,
  id: number,
  now: Date,
  searchMs: number,
): Promise<boolean> {
  const besoinDate = new Date(now.getTime() + searchMs);
  const [row] = await tx
    .update(bookings)
    .set({ besoin: true, besoinDate, updatedAt: now })
    .where(
      and(eq(bookings.id, id), eq(bookings.status, 'PENDING'), eq(bookings.besoin, false), isNull(bookings.besoinDate)),
    )
    .returning({ id: bookings.id });
  if (!row) return false;
  await audit(tx, null, 'besoin_start', id, { besoin: false }, { besoin: true, besoin_date: besoinDate });
  record('booking.besoinStarted', { bookingId: id, besoinDate });
  return true;
}

/** No captain is eligible for the booking at all: it becomes a besoin on its own (see beginBesoin). */
export async function startBesoin(deps: BookingDeps, id: number): Promise<boolean> {
  const now = dateOf(deps.clock);
  // Read before the transaction: a cold cache would query outside it (one connection on PGlite).
  const { besoinSearchMs } = await deps.config.current();
  const { result } = await deps.bus.transact(async (tx, record) => {
    const began = await beginBesoin(tx, record, id, now, besoinSearchMs);
    if (began) record('booking.updated', { bookingId: id });
    return began;
  });
  return result;
}
