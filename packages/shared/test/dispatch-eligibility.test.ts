import { describe, expect, it } from 'vitest';
import {
  BOOKING_MSG,
  type CaptainAvailabilityFacts,
  captainUnavailability,
  UNAVAILABILITY_ANSWER,
  UNAVAILABILITY_REASONS,
} from '../src';

const now = new Date('2026-11-21T12:00:00Z');
const free = (over: Partial<CaptainAvailabilityFacts> = {}): CaptainAvailabilityFacts => ({
  active: true,
  blocked_until: null,
  has_car: true,
  on_ride: false,
  offered: false,
  ...over,
});

describe('one captain, one ride (captainUnavailability)', () => {
  it('lets an active, unblocked captain with a car and no other booking take one', () => {
    expect(captainUnavailability(free(), now)).toBeNull();
    expect(captainUnavailability(free({ blocked_until: new Date(now.getTime() - 1) }), now)).toBeNull();
  });

  it.each([
    ['inactive', { active: false }],
    ['blocked', { blocked_until: new Date(now.getTime() + 60_000) }],
    ['on_ride', { on_ride: true }],
    ['offered', { offered: true }],
    ['no_car', { has_car: false }],
  ] as const)('refuses a captain who is %s', (reason, over) => {
    expect(captainUnavailability(free(over), now)).toBe(reason);
  });

  it('reports the first reason in a fixed order', () => {
    expect(captainUnavailability(free({ active: false, on_ride: true }), now)).toBe('inactive');
    expect(captainUnavailability(free({ on_ride: true, offered: true, has_car: false }), now)).toBe('on_ride');
  });

  it('answers 409 for a captain taken by another booking, 422 for the captain state', () => {
    expect(UNAVAILABILITY_ANSWER.on_ride).toEqual({ status: 409, message: BOOKING_MSG.captainBusy });
    expect(BOOKING_MSG.captainBusy).toBe('This captain is already on a ride.');
    expect(UNAVAILABILITY_ANSWER.offered.status).toBe(409);
    for (const r of ['inactive', 'blocked', 'no_car'] as const) {
      expect(UNAVAILABILITY_ANSWER[r]).toEqual({ status: 422, message: BOOKING_MSG.captainUnavailable });
    }
    expect(Object.keys(UNAVAILABILITY_ANSWER).sort()).toEqual([...UNAVAILABILITY_REASONS].sort());
  });
});
