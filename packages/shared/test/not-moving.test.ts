import { describe, expect, it } from 'vitest';
import {
  BOOKING_MSG,
  BOOKING_STATUSES,
  type BookingStatus,
  captainMoved,
  captainNotMoving,
  checkBookingAction,
  NOT_MOVING,
  NOT_MOVING_UI,
  nextStatuses,
  REDISPATCHABLE,
} from '../src';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const start = { lon: 7.42, lat: 43.74, at: T0 };
/** A point `metres` north of the start (one degree of latitude is about 111.2 km). */
const north = (metres: number) => ({ lon: start.lon, lat: start.lat + metres / 111_195 });

describe('captainNotMoving', () => {
  it('says nothing before the minute is over, however still the captain', () => {
    expect(captainNotMoving(start, start, T0)).toBe(false);
    expect(captainNotMoving(start, start, T0 + NOT_MOVING.afterS * 1000 - 1)).toBe(false);
  });

  it('flags a captain still within 50 m of the start once the minute is over', () => {
    expect(captainNotMoving(start, start, T0 + NOT_MOVING.afterS * 1000)).toBe(true);
    expect(captainNotMoving(start, north(49), T0 + 61_000)).toBe(true);
  });

  it('does not flag a captain 50 m or more away', () => {
    expect(captainNotMoving(start, north(51), T0 + 61_000)).toBe(false);
    expect(captainNotMoving(start, north(800), T0 + 10 * 60_000)).toBe(false);
  });

  it('says the captain moved from 50 m on, whenever', () => {
    expect(captainMoved(start, north(49))).toBe(false);
    expect(captainMoved(start, north(51))).toBe(true);
  });

  it('takes another threshold when given one', () => {
    expect(captainNotMoving(start, north(80), T0 + 31_000, { afterS: 30, metres: 100 })).toBe(true);
  });
});

describe('re-dispatch', () => {
  const booking = (status: BookingStatus) => ({
    status,
    now: true,
    origin: 'app' as const,
    datetime: new Date(T0).toISOString(),
    created_at: new Date(T0).toISOString(),
  });

  it('is allowed while the captain is on the way, and refused with a reason otherwise', () => {
    for (const status of BOOKING_STATUSES) {
      const result = checkBookingAction('redispatch', booking(status), T0);
      if (REDISPATCHABLE.includes(status)) expect(result.ok, status).toBe(true);
      else expect(result, status).toEqual({ ok: false, message: NOT_MOVING_UI.notRedispatchable });
    }
  });

  it('is a legal status change back to PENDING, from those statuses only', () => {
    for (const status of BOOKING_STATUSES) {
      expect(nextStatuses(status).includes('PENDING'), status).toBe(REDISPATCHABLE.includes(status));
    }
  });
});

describe('the re-dispatch toast', () => {
  it('names the order as the other booking toasts do (“Order #16 …”)', () => {
    expect(NOT_MOVING_UI.redispatched(16)).toBe('Order #16 taken back from the captain and offered again');
    // The form of the dispatched, extended and cancelled toasts (bookings.md §8: 'Order #{id} …').
    expect(BOOKING_MSG.dispatched(16).startsWith('Order #16 ')).toBe(true);
  });
});
