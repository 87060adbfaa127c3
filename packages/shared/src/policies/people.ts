import { type Actor, holds, holdsAny, isGovernment, mayChange, rule } from './core';

/**
 * Passengers and captains (people.md). Pickers in other features list them too, so the lists open to
 * any of several permissions; the Goverment role reads no passenger (their ID-card files included).
 */
export const passengerPolicy = {
  list: rule(
    'passengers.list',
    (a) => holdsAny(a, ['PASSENGERS', 'DISPATCHING', 'PHONE_BOOKING', 'COMPLAINTS']) && !isGovernment(a),
  ),
  read: rule('passengers.read', (a) => holds(a, 'PASSENGERS')),
  change: rule('passengers.change', (a) => mayChange(a, 'PASSENGERS')),
  /** The queue of new passengers to approve (its page, its badge): whoever may approve one. */
  approvals: rule('passengers.approvals', (a) => mayChange(a, 'PASSENGERS')),
  /** Take one of them (the wizard opens for the claimer, it shows taken to everyone else), or let it go. */
  claim: rule('passengers.claim', (a) => mayChange(a, 'PASSENGERS')),
  /** Development only: a passenger signs up with ID card images, as the app would. */
  devRegister: rule('passengers.devRegister', (a) => mayChange(a, 'PASSENGERS')),
} as const;

/** Who reads captains: their page, and the captain pickers of other features. */
const readsCaptains = (a: Actor) => holdsAny(a, ['DISPATCHING', 'CAPTAINS', 'PUNISHMENT', 'MONITORING', 'COMPLAINTS']);

export const captainPolicy = {
  read: rule('captains.read', readsCaptains),
  /** The captain's rating by passengers (average, count, latest low ratings with causes) on the captain page. */
  rating: rule('captains.rating', readsCaptains),
  /** Create a captain or a car, activate a captain. */
  change: rule('captains.change', (a) => mayChange(a, 'DISPATCHING')),
  punish: rule('captains.punish', (a) => mayChange(a, 'PUNISHMENT')),
  readBlocked: rule('captains.readBlocked', (a) => holds(a, 'PUNISHMENT')),
} as const;

/** Captains' requests to add or change a car (/car_requests). */
export const carRequestPolicy = {
  read: rule('carRequests.read', (a) => holds(a, 'CAPTAINS')),
  /** Approve (the car is created or changed) or refuse. */
  decide: rule('carRequests.decide', (a) => mayChange(a, 'CAPTAINS')),
  /** Development only: file a request as a captain's app would. */
  devFile: rule('carRequests.devFile', (a) => mayChange(a, 'CAPTAINS')),
} as const;

/** The live map and the captain positions (tracking). */
export const trackingPolicy = {
  fleet: rule('tracking.fleet', (a) => holds(a, 'MONITORING')),
  captain: rule('tracking.captain', (a) => holdsAny(a, ['MONITORING', 'DISPATCHING'])),
  ride: rule('tracking.ride', (a) => holds(a, 'DISPATCHING')),
} as const;
