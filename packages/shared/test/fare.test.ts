import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePriceRules, type FareTrip, fareMoment, type PriceRule, quoteFare, type Tariff } from '../src';

const DAY: Tariff = { base: 3.5, perKm: 1.4, perMinute: 0.3, minimum: 7, waitingPerMinute: 0.5 };
const NIGHT: Tariff = { base: 4.5, perKm: 1.8, perMinute: 0.4, minimum: 9, waitingPerMinute: 0.6 };

// Tuesday 14:00, 10 km, 20 minutes, standard service 1, from zone 3 to zone 7 through 5.
const trip = (over: Partial<FareTrip> = {}): FareTrip => ({
  serviceId: 1,
  season: 'day',
  metres: 10_000,
  seconds: 1200,
  at: { dayOfWeek: 2, minuteOfDay: 14 * 60 },
  pickupZoneId: 3,
  dropoffZoneId: 7,
  zonesCrossed: [3, 5, 7],
  ...over,
});

let nextId = 1;
const rule = (over: Partial<PriceRule> & Pick<PriceRule, 'effect'>): PriceRule => ({
  id: nextId++,
  name: `rule ${nextId}`,
  order: nextId,
  conditions: {},
  stop: false,
  ...over,
});

const NIGHT_WINDOW = { from: 22 * 60, to: 6 * 60 };
const nightSurcharge = rule({
  name: 'Night',
  order: 10,
  conditions: { timeWindow: NIGHT_WINDOW },
  effect: { kind: 'surcharge', amount: 2 },
});
const airportFixed = rule({
  name: 'Airport flat',
  order: 1,
  conditions: { airport: true },
  effect: { kind: 'fixed', amount: 45 },
  stop: true,
});
const hotMultiplier = rule({
  name: 'Hot season',
  order: 20,
  conditions: { seasons: ['hot'] },
  effect: { kind: 'multiplier', factor: 1.25 },
});
const cap60 = rule({ name: 'Cap', order: 100, effect: { kind: 'cap', amount: 60 } });
const portZone = rule({
  name: 'Port',
  order: 30,
  conditions: { zones: [5], zoneMatch: 'crossed' },
  effect: { kind: 'surcharge', amount: 1.5 },
});
const portPickupOnly = rule({
  name: 'Port pickup',
  order: 31,
  conditions: { zones: [5], zoneMatch: 'pickup' },
  effect: { kind: 'surcharge', amount: 9 },
});
const vipDiscount = rule({
  name: 'P3',
  order: 40,
  conditions: { passengerClasses: ['P3'] },
  effect: { kind: 'multiplier', factor: 0.9 },
});
const weekend = rule({
  name: 'Weekend',
  order: 50,
  conditions: { days: [0, 6] },
  effect: { kind: 'surcharge', amount: 1 },
});
const RULES = compilePriceRules([
  cap60,
  weekend,
  vipDiscount,
  portPickupOnly,
  portZone,
  hotMultiplier,
  airportFixed,
  nightSurcharge,
]);

// Metered fares of the 10 km, 20 min trip: day 3.50 + 14.00 + 6.00 = 23.50; night 4.50 + 18.00 + 8.00 = 30.50.
describe('quoteFare', () => {
  it.each<[string, FareTrip, Tariff, number, string[]]>([
    ['day tariff, only the crossed-zone rule', trip(), DAY, 2500, ['Port']],
    [
      'night tariff by season and the night window wrapping midnight',
      trip({ season: 'night', at: { dayOfWeek: 2, minuteOfDay: 23 * 60 } }),
      NIGHT,
      3050 + 200 + 150,
      ['Night', 'Port'],
    ],
    [
      'early morning is still the night window',
      trip({ at: { dayOfWeek: 3, minuteOfDay: 5 * 60 + 59 } }),
      DAY,
      2350 + 200 + 150,
      ['Night', 'Port'],
    ],
    ['06:00 is not', trip({ at: { dayOfWeek: 3, minuteOfDay: 6 * 60 } }), DAY, 2500, ['Port']],
    [
      'airport flat fare stops the run (first-match)',
      trip({ airport: true, season: 'hot' }),
      DAY,
      4500,
      ['Airport flat'],
    ],
    [
      'hot season multiplies, then the zone surcharge adds',
      trip({ season: 'hot' }),
      DAY,
      Math.round(2350 * 1.25) + 150,
      ['Hot season', 'Port'],
    ],
    [
      'the minimum applies to a short trip',
      trip({ metres: 500, seconds: 60, zonesCrossed: [], pickupZoneId: null, dropoffZoneId: null }),
      DAY,
      700,
      [],
    ],
    [
      'a pickup-only zone rule needs the pickup there',
      trip({ pickupZoneId: 5 }),
      DAY,
      2350 + 150 + 900,
      ['Port', 'Port pickup'],
    ],
    ['loyalty class discount', trip({ passengerClass: 'P3' }), DAY, Math.round(2500 * 0.9), ['Port', 'P3']],
    ['weekend surcharge on Saturday', trip({ at: { dayOfWeek: 6, minuteOfDay: 600 } }), DAY, 2600, ['Port', 'Weekend']],
    [
      'the cap holds a long hot trip',
      trip({ season: 'hot', metres: 60_000, seconds: 3600 }),
      DAY,
      6000,
      ['Hot season', 'Port', 'Cap'],
    ],
    ['waiting time is charged per minute', trip({ waitingSeconds: 240 }), DAY, 2500 + 200, ['Port']],
  ])('%s', (_label, t, tariff, expected, names) => {
    const q = quoteFare(t, tariff, RULES);
    expect(q.cents).toBe(expected);
    expect(q.euros).toBe(expected / 100);
    expect(q.lines.filter((l) => l.kind === 'rule').map((l) => (l.kind === 'rule' ? l.name : ''))).toEqual(names);
  });

  it('the breakdown adds up to the price', () => {
    const q = quoteFare(
      trip({ season: 'hot', passengerClass: 'P3', at: { dayOfWeek: 0, minuteOfDay: 23 * 60 } }),
      DAY,
      RULES,
    );
    expect(q.lines.reduce((s, l) => s + l.cents, 0)).toBe(q.cents);
  });

  it('rule order decides: a surcharge before a multiplier is scaled, after it is not', () => {
    const surcharge = rule({ order: 1, effect: { kind: 'surcharge', amount: 10 } });
    const double = rule({ order: 2, effect: { kind: 'multiplier', factor: 2 } });
    const noZones = trip({ zonesCrossed: [], pickupZoneId: null, dropoffZoneId: null });
    expect(quoteFare(noZones, DAY, compilePriceRules([surcharge, double])).cents).toBe((2350 + 1000) * 2);
    expect(quoteFare(noZones, DAY, compilePriceRules([{ ...surcharge, order: 3 }, double])).cents).toBe(
      2350 * 2 + 1000,
    );
  });

  it("a seasonal destination's price replaces the tariff's, the rules still apply, and the breakdown says so", () => {
    const noZones = trip({ zonesCrossed: [], pickupZoneId: null, dropoffZoneId: null });
    const metered = quoteFare(noZones, DAY, compilePriceRules([]));
    expect(metered.cents).toBe(2350);
    const beach = quoteFare(
      { ...noZones, destination: { name: 'Larvotto beach', price: 15 } },
      DAY,
      compilePriceRules([]),
    );
    expect(beach.cents).toBe(1500);
    expect(beach.lines.at(-1)).toEqual({ kind: 'destination', cents: 1500 - 2350, name: 'Larvotto beach' });
    expect(beach.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(1500);
    const double = rule({ order: 2, effect: { kind: 'multiplier', factor: 2 } });
    expect(
      quoteFare({ ...noZones, destination: { name: 'Beach', price: 15 } }, DAY, compilePriceRules([double])).cents,
    ).toBe(3000);
  });

  it('fareMoment reads the city wall clock', () => {
    // 26 November 2026 is a Thursday.
    expect(fareMoment({ year: 2026, month: 11, day: 26, hour: 22, minute: 15 })).toEqual({
      dayOfWeek: 4,
      minuteOfDay: 1335,
    });
  });

  it('never negative, a cap last always holds, and the breakdown always adds up', () => {
    const effect = fc.oneof(
      fc.record({ kind: fc.constant('fixed' as const), amount: fc.double({ min: 0, max: 200, noNaN: true }) }),
      fc.record({ kind: fc.constant('multiplier' as const), factor: fc.double({ min: 0, max: 3, noNaN: true }) }),
      fc.record({ kind: fc.constant('surcharge' as const), amount: fc.double({ min: -50, max: 50, noNaN: true }) }),
      fc.record({ kind: fc.constant('cap' as const), amount: fc.double({ min: 0, max: 200, noNaN: true }) }),
    );
    fc.assert(
      fc.property(
        fc.array(effect, { maxLength: 12 }),
        fc.integer({ min: 0, max: 80_000 }),
        fc.integer({ min: 0, max: 1439 }),
        (effects, metres, minute) => {
          const rules = effects.map((e, i) => rule({ order: i, effect: e }));
          const last = rule({ order: 1000, effect: { kind: 'cap', amount: 80 } });
          const q = quoteFare(
            trip({ metres, at: { dayOfWeek: 1, minuteOfDay: minute } }),
            DAY,
            compilePriceRules([...rules, last]),
          );
          expect(q.cents).toBeGreaterThanOrEqual(0);
          expect(q.cents).toBeLessThanOrEqual(8000);
          expect(Number.isInteger(q.cents)).toBe(true);
          expect(q.lines.reduce((s, l) => s + l.cents, 0)).toBe(q.cents);
        },
      ),
    );
  });
});
