import { and, eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import { dateOf } from '../../../lib/clock';
import type { BookingDeps } from '../store';

/** Releases a held captain (the AI suggestion ended without dispatch). */
export async function releaseHold(deps: BookingDeps, id: number, captainId: number): Promise<void> {
  const now = dateOf(deps.clock);
  await deps.bus.transact(async (tx, record) => {
    const rows = await tx
      .update(bookings)
      .set({ suggestionCaptainId: null, suggestionUntil: null, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.suggestionCaptainId, captainId)))
      .returning({ id: bookings.id });
    if (rows.length === 0) return;
    record('booking.updated', { bookingId: id, brief: true });
    record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}
