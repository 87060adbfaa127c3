import { atAirportDesk, atPartnerDesk, holds, holdsAny, mayChange, rule } from './core';

/** Prices, price rules and quotes (issue: commercial). Reading prices is for those who set them. */
export const farePolicy = {
  /** The phone booking, the board and the airport desk ask for estimates. */
  quote: rule(
    'fares.quote',
    (a) => holdsAny(a, ['PHONE_BOOKING', 'DISPATCHING']) || atAirportDesk(a) || atPartnerDesk(a),
  ),
  /**
   * A quote for a named passenger (their loyalty class prices it): the phone booking's and the board's, never a
   * desk's — a desk books for phone numbers, and a passenger's class must not show through its prices.
   */
  quoteForPassenger: rule('fares.quoteForPassenger', (a) => holdsAny(a, ['PHONE_BOOKING', 'DISPATCHING'])),
  /** A booking's estimate and final price with their reasons: whoever reads the booking's details. */
  bookingFare: rule('fares.bookingFare', (a) => holdsAny(a, ['DISPATCHING', 'PHONE_BOOKING', 'COMPLAINTS'])),
  read: rule('fares.read', (a) => holds(a, 'PRICE_RULES')),
  write: rule('fares.write', (a) => mayChange(a, 'PRICE_RULES')),
} as const;
