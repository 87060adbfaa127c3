import { BOOKING_MSG } from '../booking-messages';
import type { BookingAction } from '../bookings';
import {
  type Actor,
  atAirportDesk,
  atPartnerDesk,
  holds,
  holdsAny,
  isAirport,
  isGovernment,
  mayChange,
  rule,
} from './core';

const dispatcher = (a: Actor) => mayChange(a, 'DISPATCHING');
/** The Goverment role is told why (bookings.md §6), others get the plain 'forbidden'. */
const governmentRefusal = (a: Actor) => (isGovernment(a) ? BOOKING_MSG.governmentForbidden : undefined);

/**
 * Bookings (bookings.md). The Goverment role reads the board and opens a booking's details and nothing
 * else (bookings.md §6): every change below needs a permission it may hold but never gets for it.
 */
export const bookingPolicy = {
  /** The board, the search, a booking's details, statuses and candidates. */
  read: rule('bookings.read', (a) => holds(a, 'DISPATCHING')),
  /** The service pickers (board filter, phone booking, change service, the airport desk's form). */
  services: rule(
    'bookings.services',
    (a) => holdsAny(a, ['DISPATCHING', 'PHONE_BOOKING']) || atAirportDesk(a) || atPartnerDesk(a),
  ),
  /** A booking's ratings (passenger and captain) on the ride page. */
  ratings: rule('bookings.ratings', (a) => holds(a, 'DISPATCHING')),
  /** A booking's audit log. */
  logs: rule('bookings.logs', dispatcher, governmentRefusal),
  /** Manual dispatch, cancel, touch, reminders, besoin extension, notes, time and service changes. */
  change: rule('bookings.change', dispatcher, governmentRefusal),
  /** The phone booking: create and edit an order. */
  order: rule('bookings.order', (a) => mayChange(a, 'PHONE_BOOKING'), governmentRefusal),
  /** A passenger's rides on the passenger page. */
  passengerRides: rule('bookings.passengerRides', (a) => holds(a, 'PASSENGERS')),
  /** One action of the booking card menu and the ride page (with the status rules of checkBookingAction). */
  act: rule<BookingAction>('bookings.act', (a, _action) => dispatcher(a), governmentRefusal),
  /**
   * The exceptions board and its toolbar count (GET exceptions): whoever reads the board. Its actions keep
   * their own rules (bookingPolicy.act, change): the Goverment role sees the list and opens details only.
   */
  exceptions: rule('bookings.exceptions', (a) => holds(a, 'DISPATCHING')),
  /** The airport desk's booking details on a card. */
  airportDetails: rule('bookings.airportDetails', (a) => holds(a, 'DISPATCHING')),
  /** The order search of the toolbar (not the airport desk). */
  orderSearch: rule('bookings.orderSearch', (a) => holds(a, 'DISPATCHING') && !isAirport(a)),
  /** Development only (loopback): make a pending booking late at once (the e2e runs). */
  devLate: rule('bookings.devLate', dispatcher),
  /** Development only (loopback): the not-moving check of a dispatched booking as if its minute were over. */
  devNotMoving: rule('bookings.devNotMoving', dispatcher),
} as const;

/** The AI-assisted dispatch (bookings.md §7) and the user's own AI status. */
export const aiPolicy = {
  /** Answering the AI: let it dispatch, snooze, confirm or refuse a suggestion. */
  answer: rule('ai.answer', dispatcher, governmentRefusal),
  /** 'Ok, Let AI Dispatch it': never the Goverment role (bookings.md §6), so its popup never offers it. */
  letAiDispatch: rule('ai.letAiDispatch', dispatcher, governmentRefusal),
  /** Who gets AI popups and the AI status control: dispatchers at their desk, not Goverment nor airport. */
  popups: rule('ai.popups', (a) => dispatcher(a) && !isAirport(a)),
  /** One's own AI status. */
  ownStatus: rule('ai.ownStatus', () => true),
  /** Development only: play the captain app accepting an offer. */
  devAccept: rule('ai.devAccept', dispatcher),
  /** Development only: play the captain apps refusing the booking's live offers. */
  devRefuse: rule('ai.devRefuse', dispatcher),
} as const;
