import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyVoucher, compilePriceRules, constraintViolation, type FareTrip, quoteFare, type Tariff } from '../src';

const DAY: Tariff = { base: 3.5, perKm: 1.4, perMinute: 0.3, minimum: 7, waitingPerMinute: 0.5 };
const trip: FareTrip = {
  serviceId: 1,
  season: 'day',
  metres: 10_000,
  seconds: 1200,
  at: { dayOfWeek: 2, minuteOfDay: 14 * 60 },
  pickupZoneId: 3,
  dropoffZoneId: 7,
  zonesCrossed: [3, 5, 7],
};
const plain = quoteFare(
  trip,
  DAY,
  compilePriceRules([
    { id: 1, name: 'Cap', order: 1, conditions: {}, stop: false, effect: { kind: 'cap', amount: 20 } },
  ]),
);

describe('a voucher is the last line of the quote', () => {
  it('takes a percentage or a fixed amount off the price after every rule', () => {
    expect(plain.cents).toBe(2000);
    const pct = applyVoucher(plain, { code: 'TEN', kind: 'percent', amount: 10 });
    expect(pct.lines.at(-1)).toEqual({ kind: 'voucher', cents: -200, name: 'TEN' });
    expect(pct).toMatchObject({ cents: 1800, euros: 18, ruleIds: plain.ruleIds });
    expect(pct.lines.slice(0, -1)).toEqual(plain.lines);
    const fixed = applyVoucher(plain, { code: 'FIVE', kind: 'fixed', amount: 500 });
    expect(fixed).toMatchObject({ cents: 1500, euros: 15 });
  });

  it('never takes the price below zero, and the lines always add up to it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'percent' | 'fixed'>('percent', 'fixed'),
        fc.integer({ min: 1, max: 100_000 }),
        (kind, amount) => {
          const q = applyVoucher(plain, { code: 'X', kind, amount });
          expect(q.cents).toBeGreaterThanOrEqual(0);
          expect(q.cents).toBeLessThanOrEqual(plain.cents);
          expect(q.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(q.cents);
        },
      ),
    );
  });
});

describe('catalogue constraints ask for a capability', () => {
  const seat = { constraint_name: 'Child seat', Abbreviation: 'CS', capability: 'child_seat' };
  it('a captain without it is refused; with it, or once lifted, allowed', () => {
    expect(constraintViolation([seat], { captain_id: 1, vehicle_type: 'sedan', capabilities: [] })).toBe('Child seat');
    expect(constraintViolation([seat], { captain_id: 1, vehicle_type: 'sedan' })).toBe('Child seat');
    expect(
      constraintViolation([seat], { captain_id: 1, vehicle_type: 'sedan', capabilities: ['child_seat'] }),
    ).toBeNull();
    expect(
      constraintViolation([{ ...seat, strike_through: true }], {
        captain_id: 1,
        vehicle_type: 'sedan',
        capabilities: [],
      }),
    ).toBeNull();
    // Its abbreviation is not a list mode: it does not turn into a whitelist of anything.
    expect(
      constraintViolation([seat, { constraint_name: 'captain:1:BLACKLIST' }], {
        captain_id: 2,
        vehicle_type: 'sedan',
        capabilities: ['child_seat'],
      }),
    ).toBeNull();
  });
});
