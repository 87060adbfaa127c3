import type { Season } from '../constants';
import type { FareLine, FareMoment, FareQuote, FareTrip, PriceRule, Tariff, ZoneMatch } from './types';

/** The city's wall-clock moment of a trip: pass `cityWallClock(ms)` (city-time.ts). */
export function fareMoment(clock: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}): FareMoment {
  return {
    dayOfWeek: new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay(),
    minuteOfDay: clock.hour * 60 + clock.minute,
  };
}

const cents = (euros: number) => Math.round(euros * 100);

/** A rule with its list conditions turned into sets, checked in order; build once per rule set. */
interface CompiledRule {
  rule: PriceRule;
  zones?: Set<number>;
  zoneMatch: ZoneMatch;
  days?: Set<number>;
  seasons?: Set<Season>;
  services?: Set<number>;
  classes?: Set<string>;
}

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
}

const setOf = <T>(list: readonly T[] | undefined): Set<T> | undefined =>
  list && list.length > 0 ? new Set(list) : undefined;

/** Sorts the rules by `order` (then id, so equal orders are stable) and prepares their conditions. */
export function compilePriceRules(rules: readonly PriceRule[]): CompiledRules {
  const sorted = [...rules].sort((a, b) => a.order - b.order || a.id - b.id);
  return {
    rules: sorted.map((rule) => ({
      rule,
      zones: setOf(rule.conditions.zones),
      zoneMatch: rule.conditions.zoneMatch ?? 'either',
      days: setOf(rule.conditions.days),
      seasons: setOf(rule.conditions.seasons),
      services: setOf(rule.conditions.services),
      classes: setOf(rule.conditions.passengerClasses),
    })),
  };
}

function inWindow(minute: number, window: { from: number; to: number }): boolean {
  if (window.from === window.to) return true;
  return window.from < window.to
    ? minute >= window.from && minute < window.to
    : minute >= window.from || minute < window.to;
}

const inZones = (zones: Set<number>, id: number | null | undefined) => id !== null && id !== undefined && zones.has(id);

function zoneHolds(c: CompiledRule, trip: FareTrip): boolean {
  const zones = c.zones;
  if (!zones) return true;
  switch (c.zoneMatch) {
    case 'pickup':
      return inZones(zones, trip.pickupZoneId);
    case 'dropoff':
      return inZones(zones, trip.dropoffZoneId);
    case 'either':
      return inZones(zones, trip.pickupZoneId) || inZones(zones, trip.dropoffZoneId);
    case 'crossed': {
      if (inZones(zones, trip.pickupZoneId) || inZones(zones, trip.dropoffZoneId)) return true;
      for (const id of trip.zonesCrossed ?? []) if (zones.has(id)) return true;
      return false;
    }
  }
}

export function ruleApplies(c: CompiledRule, trip: FareTrip): boolean {
  const k = c.rule.conditions;
  if (c.services && !c.services.has(trip.serviceId)) return false;
  if (c.seasons && !c.seasons.has(trip.season)) return false;
  if (c.days && !c.days.has(trip.at.dayOfWeek)) return false;
  if (k.timeWindow && !inWindow(trip.at.minuteOfDay, k.timeWindow)) return false;
  if (k.airport !== undefined && k.airport !== !!trip.airport) return false;
  if (k.event !== undefined && k.event !== !!trip.event) return false;
  if (c.classes && !(trip.passengerClass && c.classes.has(trip.passengerClass))) return false;
  return zoneHolds(c, trip);
}

/**
 * The price of a trip: the season's tariff on the route's distance and time (never below its minimum), or the
 * fixed price of the seasonal destination it ends at, then the price rules in order — each rule that applies replaces (fixed), scales (multiplier), adds to
 * (surcharge) or caps the running price; a rule marked `stop` ends the run (first-match). Pure: the server
 * quotes and charges with it, the phone booking shows the same estimate, and the breakdown says why.
 */
export function quoteFare(trip: FareTrip, tariff: Tariff, rules: CompiledRules): FareQuote {
  const lines: FareLine[] = [
    { kind: 'base', cents: cents(tariff.base) },
    { kind: 'distance', cents: cents((tariff.perKm * Math.max(0, trip.metres)) / 1000) },
    { kind: 'time', cents: cents((tariff.perMinute * Math.max(0, trip.seconds)) / 60) },
  ];
  const waiting = cents((tariff.waitingPerMinute * Math.max(0, trip.waitingSeconds ?? 0)) / 60);
  if (waiting > 0) lines.push({ kind: 'waiting', cents: waiting });
  let price = lines.reduce((sum, line) => sum + line.cents, 0);
  const minimum = cents(tariff.minimum);
  if (price < minimum) {
    lines.push({ kind: 'minimum', cents: minimum - price });
    price = minimum;
  }
  if (trip.destination) {
    const fixed = cents(Math.max(0, trip.destination.price));
    lines.push({ kind: 'destination', cents: fixed - price, name: trip.destination.name });
    price = fixed;
  }
  const ruleIds: number[] = [];
  for (const c of rules.rules) {
    if (!ruleApplies(c, trip)) continue;
    const effect = c.rule.effect;
    let next = price;
    if (effect.kind === 'fixed') next = cents(effect.amount);
    else if (effect.kind === 'multiplier') next = Math.round(price * effect.factor);
    else if (effect.kind === 'surcharge') next = price + cents(effect.amount);
    else next = Math.min(price, cents(effect.amount));
    next = Math.max(0, next);
    // A rule that matched but changed nothing (a cap above the price) is not a reason for the price.
    if (next !== price)
      lines.push({ kind: 'rule', cents: next - price, ruleId: c.rule.id, name: c.rule.name, effect: effect.kind });
    ruleIds.push(c.rule.id);
    price = next;
    if (c.rule.stop) break;
  }
  return { cents: price, euros: price / 100, lines, ruleIds };
}
