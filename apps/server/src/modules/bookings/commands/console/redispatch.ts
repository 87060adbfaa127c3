import { type BookingDto, NOT_MOVING_UI } from '@taxi/shared';
import { bookingSuggestions } from '../../../../db/schema';
import type { Actor } from '../../model';
import { NO_MOVE_CHECK } from '../../not-moving';
import { authorizedBooking } from '../../rules';
import { audit, type BookingDeps, captainOf, changeBooking, setStatus } from '../../store';

/**
 * The console takes a booking back from its captain on the way (REDISPATCHABLE; 409 otherwise): PENDING
 * again without a ride, the captain free. The captain counts as having refused it, so the AI's cascade,
 * which offers it again on its next sweep as a new round, asks somebody else.
 */
export async function redispatchBooking(deps: BookingDeps, actor: Actor, id: number): Promise<BookingDto> {
  const booking = await authorizedBooking(deps, actor, id, 'redispatch');
  const captainId = await captainOf(deps.db, id);
  return changeBooking(deps, id, async (tx, record, now) => {
    await setStatus(
      tx,
      record,
      id,
      [booking.status],
      'PENDING',
      now,
      {
        rideId: null,
        suggestionCaptainId: null,
        suggestionUntil: null,
        suggestionGroupSize: null,
        ...NO_MOVE_CHECK,
        // A new round of the cascade, not the unassigned list of an earlier one, and a driver search of its own.
        unassignedAt: null,
        unassignedReason: null,
        cascadeFrom: now,
        besoin: false,
        besoinDate: null,
      },
      NOT_MOVING_UI.notRedispatchable,
    );
    if (captainId) {
      await tx
        .insert(bookingSuggestions)
        .values({ bookingId: id, captainId, status: 'REFUSED', kind: 'single', until: now, createdAt: now });
    }
    await audit(
      tx,
      actor.id,
      'redispatch',
      id,
      { status: booking.status, captain_id: captainId, ride_id: booking.rideId },
      { status: 'PENDING', not_moving: !!booking.notMovingAt },
    );
    if (captainId) record('captain.stateChanged', { captainId, state: 'FREE' });
  });
}
