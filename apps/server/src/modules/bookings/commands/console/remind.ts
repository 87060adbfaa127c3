import type { Actor } from '../../model';
import { authorize } from '../../rules';
import { audit, type BookingDeps, findBooking } from '../../store';

/** The console's reminder to the passenger (pending) or captain (dispatched): audited, nothing else moves. */
export async function remind(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  kind: 'pendingReminder' | 'dispatchedReminder',
): Promise<void> {
  const booking = await findBooking(deps.db, id);
  authorize(actor, kind, booking, deps.clock.now());
  const action = kind === 'pendingReminder' ? 'pending_reminder' : 'dispatched_reminder';
  await deps.bus.transact((tx) => audit(tx, actor.id, action, id, null, { status: booking.status }));
}
