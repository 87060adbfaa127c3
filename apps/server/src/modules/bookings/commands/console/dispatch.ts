import { BOOKING_MSG, type BookingDto, type Season } from '@taxi/shared';
import type { Tx } from '../../../../db/client';
import { rides } from '../../../../db/schema';
import { lockAvailableCaptain } from '../../../../dispatch/eligibility';
import { assertCaptainFits } from '../../../../dispatch/fit';
import type { RecordEvent } from '../../../../events';
import { conflict } from '../../../../http/errors';
import type { Actor } from '../../model';
import { NO_MOVE_CHECK } from '../../not-moving';
import type { BookingRow } from '../../presenter';
import { authorize, authorizeRole } from '../../rules';
import { audit, type BookingDeps, changeBooking, findBooking, setStatus } from '../../store';
import { assertReservationAllowance } from './reservation-allowance';

/** What a dispatch reads before its transaction (a cold cache would query outside it: one connection on PGlite). */
export interface DispatchFacts {
  season: Season;
  vehicleTypes: string[] | null;
}

/** The facts of dispatching a booking of this service. */
export async function dispatchFacts(deps: BookingDeps, serviceId: number): Promise<DispatchFacts> {
  const { season } = await deps.config.current();
  return { season, vehicleTypes: (await deps.fleet?.vehicleTypesOf(serviceId)) ?? null };
}

/**
 * Manual dispatch (and the AI's, which comes through here). In one transaction: the captain's row is
 * locked and the shared "one captain, one ride" rule checked on fresh facts (404 unknown, 422 inactive,
 * blocked or without a car, 409 on another ride or offer), then the fit to the order (service, car,
 * seats, static constraints: 422 naming the rule), the ride, then the booking's compare-and-set
 * (409 when someone dispatched it first). The late-captain timer and the live state follow its events.
 */
export async function dispatchBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  captainId: number,
): Promise<BookingDto> {
  const booking = await findBooking(deps.db, id);
  if (booking.status !== 'PENDING') {
    authorizeRole(actor, 'dispatch');
    throw conflict(BOOKING_MSG.alreadyDispatched);
  }
  authorize(actor, 'dispatch', booking, deps.clock.now());
  const facts = await dispatchFacts(deps, booking.serviceId);
  return changeBooking(deps, id, (tx, record, now) =>
    dispatchWithin(tx, record, now, actor, booking, captainId, facts),
  );
}

/**
 * The dispatch's work inside a transaction of the caller's (a dispatch alone, or with the change the passenger
 * accepted): `booking` as it is in that transaction. A refusal throws, and the whole transaction is undone.
 */
export async function dispatchWithin(
  tx: Tx,
  record: RecordEvent,
  now: Date,
  actor: Actor,
  booking: BookingRow,
  captainId: number,
  { season, vehicleTypes }: DispatchFacts,
): Promise<void> {
  const id = booking.id;
  const { carId, facts } = await lockAvailableCaptain(tx, captainId, id, now);
  assertCaptainFits(
    {
      service_id: booking.serviceId,
      vehicle_type: booking.vehicleType,
      vehicle_types: vehicleTypes,
      seats: booking.seats,
      static_constraints: booking.staticConstraints ?? [],
    },
    facts,
  );
  // A scheduled booking counts against the captain's seasonal allowance (409 beyond it).
  if (!booking.now) await assertReservationAllowance(tx, captainId, season);
  const [ride] = await tx.insert(rides).values({ captainId, carId, createdAt: now }).returning({ id: rides.id });
  // The ride is written with the status: a lost compare-and-set rolls it back.
  await setStatus(
    tx,
    record,
    id,
    ['PENDING'],
    'APPROVED',
    now,
    { rideId: ride.id, besoin: false, suggestionCaptainId: null, suggestionUntil: null, ...NO_MOVE_CHECK },
    BOOKING_MSG.alreadyDispatched,
  );
  // A driver search (besoin) ends with the dispatch: its flag is cleared above, its expiry job finds nothing.
  await audit(
    tx,
    actor.id,
    'dispatch',
    id,
    { status: 'PENDING', ...(booking.besoin ? { besoin: true } : {}) },
    { status: 'APPROVED', captain_id: captainId, ride_id: ride.id, ...(booking.besoin ? { besoin: false } : {}) },
  );
  record('booking.dispatched', { bookingId: id, captainId, rideId: ride.id, datetime: booking.datetime });
  record('captain.stateChanged', { captainId, state: 'TO_PICKUP' });
}
