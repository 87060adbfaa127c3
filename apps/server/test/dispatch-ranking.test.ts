import { constraintViolation, parseConstraint } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { type BookingFacts, type CaptainFacts, exclusionReason, filterCandidates } from '../src/dispatch/candidates';
import { type PositionedCaptain, rankCandidates, SCORE_WEIGHTS, scoreParts } from '../src/dispatch/ranking';

const now = new Date('2026-11-21T12:00:00Z');
const booking = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  id: 1,
  service_id: 2,
  vehicle_type: null,
  seats: 1,
  pickup: [7.42, 43.73],
  static_constraints: [],
  dynamic_constraints: [],
  ...over,
});
const captain = (over: Partial<CaptainFacts> = {}): CaptainFacts => ({
  captain_id: 10,
  name: 'Ada Rossi',
  online: true,
  active: true,
  blocked_until: null,
  service_ids: [],
  car_number: 'MC-1',
  vehicle_type: 'sedan',
  seats: 4,
  on_ride: false,
  offered: false,
  ...over,
});

describe('constraint language', () => {
  it('parses subject, value and mode; Abbreviation gives the mode; default WHITELIST', () => {
    expect(parseConstraint({ constraint_name: 'captain:12:BLACKLIST' })).toEqual({
      subject: 'captain',
      value: '12',
      mode: 'BLACKLIST',
    });
    expect(parseConstraint({ constraint_name: 'vehicle:Van', Abbreviation: 'BLACKLIST' })?.mode).toBe('BLACKLIST');
    expect(parseConstraint({ constraint_name: 'vehicle:van' })).toEqual({
      subject: 'vehicle',
      value: 'van',
      mode: 'WHITELIST',
    });
  });
  it('ignores lifted (strike_through) and unknown constraints', () => {
    expect(parseConstraint({ constraint_name: 'captain:12:BLACKLIST', strike_through: true })).toBeNull();
    expect(parseConstraint({ constraint_name: 'smoker' })).toBeNull();
    expect(parseConstraint({ constraint_name: 'captain:12:MAYBE' })).toBeNull();
    expect(
      constraintViolation([{ constraint_name: 'nonsense:1:2:3' }], { captain_id: 1, vehicle_type: 'sedan' }),
    ).toBeNull();
  });
  it('a blacklist excludes the named captain only', () => {
    const c = [{ constraint_name: 'captain:12:BLACKLIST' }];
    expect(constraintViolation(c, { captain_id: 12, vehicle_type: 'sedan' })).toBe('captain:12:BLACKLIST');
    expect(constraintViolation(c, { captain_id: 13, vehicle_type: 'sedan' })).toBeNull();
  });
  it('whitelists of one subject form an allow-list; lifting one re-opens it', () => {
    const c = [{ constraint_name: 'captain:1' }, { constraint_name: 'captain:2' }];
    expect(constraintViolation(c, { captain_id: 2, vehicle_type: null })).toBeNull();
    expect(constraintViolation(c, { captain_id: 3, vehicle_type: null })).toBe('captain:1, captain:2');
    const lifted = c.map((x) => ({ ...x, strike_through: true }));
    expect(constraintViolation(lifted, { captain_id: 3, vehicle_type: null })).toBeNull();
    // subjects are independent: a vehicle whitelist does not need a captain match
    expect(
      constraintViolation([{ constraint_name: 'vehicle:van' }], { captain_id: 3, vehicle_type: 'VAN' }),
    ).toBeNull();
  });
});

describe('candidate rules', () => {
  it('admits an online, active, free captain of any service', () => {
    expect(exclusionReason(booking(), captain(), now)).toBeNull();
  });
  it.each([
    ['offline', { online: false }],
    ['inactive', { active: false }],
    ['blocked', { blocked_until: new Date(now.getTime() + 60_000) }],
    ['busy', { on_ride: true }],
    ['busy', { offered: true }],
    ['service', { service_ids: [1, 7] }],
    ['vehicle_type', { car_number: null, vehicle_type: null, seats: null }],
    ['seats', { seats: 0 }],
  ] as const)('leaves out a captain who is %s', (reason, over) => {
    expect(exclusionReason(booking(), captain(over), now)).toBe(reason);
  });
  it('a block in the past no longer counts; a listed service counts', () => {
    expect(exclusionReason(booking(), captain({ blocked_until: new Date(now.getTime() - 1) }), now)).toBeNull();
    expect(exclusionReason(booking(), captain({ service_ids: [2] }), now)).toBeNull();
  });
  it('checks vehicle type, seats and both constraint lists', () => {
    expect(exclusionReason(booking({ vehicle_type: 'van' }), captain(), now)).toBe('vehicle_type');
    expect(
      exclusionReason(booking({ vehicle_type: 'Van' }), captain({ vehicle_type: 'van', seats: 7 }), now),
    ).toBeNull();
    expect(exclusionReason(booking({ seats: 5 }), captain(), now)).toBe('seats');
    expect(
      exclusionReason(
        booking({ dynamic_constraints: [{ constraint_name: 'captain:10', Abbreviation: 'BLACKLIST' }] }),
        captain(),
        now,
      ),
    ).toBe('constraint');
    expect(exclusionReason(booking({ static_constraints: [{ constraint_name: 'vehicle:van' }] }), captain(), now)).toBe(
      'constraint',
    );
  });
  it('counts exclusions by reason', () => {
    const { candidates, excluded } = filterCandidates(
      booking(),
      [
        captain({ captain_id: 1 }),
        captain({ captain_id: 2, on_ride: true }),
        captain({ captain_id: 3, offered: true }),
      ],
      now,
    );
    expect(candidates.map((c) => c.captain_id)).toEqual([1]);
    expect(excluded).toEqual({ busy: 2 });
  });
});

describe('ranking', () => {
  const positioned = (id: number, distance: number, over: Partial<PositionedCaptain> = {}): PositionedCaptain => ({
    ...captain({ captain_id: id }),
    lon: 7.42 + id / 1e6,
    lat: 43.73,
    distance_m: distance,
    idle_s: 0,
    position_age_s: 5,
    ...over,
  });

  it('computes ETAs only for the k nearest and orders by total', () => {
    const calls: number[] = [];
    const etas: Record<number, number> = { 1: 300, 2: 120, 3: 200, 4: 10 };
    const ranked = rankCandidates(
      booking(),
      [positioned(1, 100), positioned(2, 400), positioned(3, 300), positioned(4, 5000)],
      (from) => {
        const id = [1, 2, 3, 4].find((i) => from[0] === 7.42 + i / 1e6) ?? 0;
        calls.push(id);
        return etas[id];
      },
      3,
    ).map((c) => c.captain_id);
    expect(ranked).toEqual([2, 3, 1]);
    expect(calls.sort()).toEqual([1, 2, 3]); // captain 4 was too far to be routed
  });

  it('keeps the parts: idle bonus, spare-seat penalty and stale-position penalty add up to the total', () => {
    const c = positioned(1, 100, { idle_s: SCORE_WEIGHTS.idleForFullBonusS * 2, seats: 8, position_age_s: 160 });
    const parts = scoreParts(booking({ seats: 1 }), c, 240.4);
    expect(parts).toEqual({
      eta: 240,
      idle_bonus: -SCORE_WEIGHTS.maxIdleBonusS,
      constraint_penalty: 4 * SCORE_WEIGHTS.perSpareSeatS,
      stale_penalty: 50,
    });
    const [scored] = rankCandidates(booking({ seats: 1 }), [c], () => 240.4);
    expect(scored.total).toBe(240 - 60 + 60 + 50);
    expect(scored).toMatchObject({ captain_id: 1, eta_s: 240, distance_m: 100, car_number: 'MC-1' });
  });

  it('an idle captain a little farther can outrank a fresh one', () => {
    const ranked = rankCandidates(
      booking(),
      [positioned(1, 100, { idle_s: 0 }), positioned(2, 150, { idle_s: 3600 })],
      (from) => (from[0] === 7.42 + 2 / 1e6 ? 150 : 130),
    );
    expect(ranked.map((r) => r.captain_id)).toEqual([2, 1]);
    expect(ranked[0].parts.idle_bonus).toBe(-60);
  });
});
