import type { Actor } from '../../model';
import { authorizedBooking } from '../../rules';
import { audit, type BookingDeps } from '../../store';

/**
 * The console's reminder to the passenger (pending) or captain (dispatched): audited; the messages module
 * delivers it (booking.reminderSent) and logs its delivery and answer on the booking.
 */
export async function remind(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  kind: 'pendingReminder' | 'dispatchedReminder',
): Promise<void> {
  const booking = await authorizedBooking(deps, actor, id, kind);
  const action = kind === 'pendingReminder' ? 'pending_reminder' : 'dispatched_reminder';
  await deps.bus.transact(async (tx, record) => {
    await audit(tx, actor.id, action, id, null, { status: booking.status });
    record('booking.reminderSent', {
      bookingId: id,
      kind: kind === 'pendingReminder' ? 'pending' : 'dispatched',
      byUserId: actor.id,
    });
  });
}
