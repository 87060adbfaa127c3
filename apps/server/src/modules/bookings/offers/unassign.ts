import type { UnassignedReason } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import { dateOf } from '../../../lib/clock';
import { audit, type BookingDeps } from '../store';
import { beginBesoin } from './besoin';

/**
 * The dispatch cascade ran out: the PENDING booking joins the unassigned list with its reason (the board
 * shows it first). `unassigned_at` also starts the retry interval's clock, and `cascade_from` the next round
 * (the offers it counts); a dispatch clears the booking from the list by leaving PENDING. The first run-out
 * also starts its driver search (besoin), in the same transaction.
 */
export async function markUnassigned(deps: BookingDeps, id: number, reason: UnassignedReason): Promise<void> {
  const now = dateOf(deps.clock);
  const { besoinSearchMs } = await deps.config.current();
  await deps.bus.transact(async (tx, record) => {
    const [row] = await tx
      .update(bookings)
      .set({ unassignedAt: now, unassignedReason: reason, cascadeFrom: now, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'PENDING')))
      .returning({ id: bookings.id });
    if (!row) return;
    await audit(tx, null, 'unassigned', id, null, { reason });
    record('booking.updated', { bookingId: id });
    await beginBesoin(tx, record, id, now, besoinSearchMs);
  });
}
