/**
 * `npm run bench -- fare`: the fare engine (packages/shared/src/fare) quoting trips against 200 price rules.
 * Per-quote time from batches of 100 quotes (p50/p95 of the batch means), against the old flat tariff
 * (base + per km, no rules) in the same run. Target: under 0.2 ms per quote.
 */
import {
  compilePriceRules,
  type FareTrip,
  fareOf,
  LOYALTY_CLASSES,
  type PriceRule,
  type PriceRuleEffect,
  quoteFare,
  SEASONS,
  type Tariff,
} from '@taxi/shared';
import { stats, writeResult } from './lib';

const RULES = 200;
const TRIPS = 20_000;
const BATCH = 100;

/** mulberry32: a seeded generator, so every run quotes the same trips against the same rules. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function benchFare(): Promise<void> {
  const r = rng(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const some = <T>(list: readonly T[], n: number) => Array.from({ length: n }, () => pick(list));
  const zones = Array.from({ length: 40 }, (_, i) => i + 1);
  const effects: (() => PriceRuleEffect)[] = [
    () => ({ kind: 'surcharge', amount: Math.round(r() * 500) / 100 }),
    () => ({ kind: 'multiplier', factor: 0.8 + r() * 0.6 }),
    () => ({ kind: 'cap', amount: 30 + r() * 70 }),
    () => ({ kind: 'fixed', amount: 20 + r() * 40 }),
  ];
  const rules: PriceRule[] = Array.from({ length: RULES }, (_, i) => ({
    id: i + 1,
    name: `rule ${i + 1}`,
    order: i,
    conditions: {
      ...(r() < 0.5
        ? {
            zones: some(zones, 1 + Math.floor(r() * 4)),
            zoneMatch: pick(['pickup', 'dropoff', 'either', 'crossed'] as const),
          }
        : {}),
      ...(r() < 0.4 ? { timeWindow: { from: Math.floor(r() * 1440), to: Math.floor(r() * 1440) } } : {}),
      ...(r() < 0.3 ? { days: some([0, 1, 2, 3, 4, 5, 6], 2) } : {}),
      ...(r() < 0.3 ? { seasons: some(SEASONS, 2) } : {}),
      ...(r() < 0.3 ? { services: some([1, 2, 3, 4], 2) } : {}),
      ...(r() < 0.1 ? { passengerClasses: some(LOYALTY_CLASSES, 1) } : {}),
      ...(r() < 0.05 ? { airport: true } : {}),
    },
    // Fixed fares are rare and end the run; most rules add up.
    effect: pick(effects.slice(0, r() < 0.05 ? 4 : 3))(),
    stop: r() < 0.02,
  }));
  const tariff: Tariff = { base: 3.5, perKm: 1.4, perMinute: 0.3, minimum: 7, waitingPerMinute: 0.5 };
  const trips: FareTrip[] = Array.from({ length: TRIPS }, () => ({
    serviceId: 1 + Math.floor(r() * 4),
    season: pick(SEASONS),
    metres: 500 + r() * 30_000,
    seconds: 60 + r() * 3000,
    at: { dayOfWeek: Math.floor(r() * 7), minuteOfDay: Math.floor(r() * 1440) },
    pickupZoneId: pick(zones),
    dropoffZoneId: pick(zones),
    zonesCrossed: some(zones, 5),
    airport: r() < 0.05,
    passengerClass: r() < 0.5 ? pick(LOYALTY_CLASSES) : null,
  }));

  const t0 = performance.now();
  const compiled = compilePriceRules(rules);
  const compileMs = performance.now() - t0;

  /** Per-quote times in ms (batch means), and the exact mean over every quote for the ratio. */
  const perQuote = (quote: (trip: FareTrip) => unknown) => {
    for (let i = 0; i < 2000; i++) quote(trips[i]); // warm-up
    const samples: number[] = [];
    let sink = 0;
    for (let i = 0; i + BATCH <= TRIPS; i += BATCH) {
      const start = performance.now();
      for (let j = i; j < i + BATCH; j++) sink += quote(trips[j]) ? 1 : 0;
      samples.push((performance.now() - start) / BATCH);
    }
    if (sink < 0) console.log(sink);
    return { ...stats(samples), mean_us: (samples.reduce((a, b) => a + b, 0) / samples.length) * 1000 };
  };
  const engine = perQuote((trip) => quoteFare(trip, tariff, compiled).cents);
  const flat = perQuote((trip) => fareOf(trip.metres));
  const applied = trips.slice(0, 2000).map((trip) => quoteFare(trip, tariff, compiled).ruleIds.length);
  const result = {
    rules: RULES,
    trips: TRIPS,
    compile_ms: Math.round(compileMs * 1000) / 1000,
    mean_rules_matched: Math.round((applied.reduce((a, b) => a + b, 0) / applied.length) * 10) / 10,
    engine_per_quote: engine,
    flat_tariff_per_quote: flat,
    engine_over_flat_mean: Math.round(engine.mean_us / flat.mean_us),
    target_p95_ms: 0.2,
    meets_target: engine.p95_ms < 0.2,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${writeResult('fare', result)}`);
}
