import type { LoyaltyClass } from '../bookings';
import type { Season } from '../constants';

/** A service's prices in one season, in euros (the services' price pages edit these). */
export interface Tariff {
  base: number;
  perKm: number;
  perMinute: number;
  /** The least a trip costs, before the price rules. */
  minimum: number;
  /** Per minute the captain waits at the pickup beyond the free wait. */
  waitingPerMinute: number;
}

/** When a trip starts, on the city's clock: day of week (0 Sunday … 6 Saturday) and minute of the day. */
export interface FareMoment {
  dayOfWeek: number;
  minuteOfDay: number;
}

/** Everything a quote depends on: the route (street-graph distance and time), when, where, who. */
export interface FareTrip {
  serviceId: number;
  season: Season;
  metres: number;
  /** Driving time of the route, in seconds. */
  seconds: number;
  waitingSeconds?: number;
  at: FareMoment;
  pickupZoneId?: number | null;
  dropoffZoneId?: number | null;
  /** Every zone the route passes through, pickup and dropoff included. */
  zonesCrossed?: readonly number[];
  airport?: boolean;
  /** A city event whose area the trip starts or ends in. */
  event?: boolean;
  passengerClass?: LoyaltyClass | null;
  /**
   * The seasonal destination of the trip's season its dropoff is at, when it has a price
   * (/SeasonalDestinations/update): that price replaces the tariff's, and the price rules still apply.
   */
  destination?: { name: string; price: number } | null;
}

/** Where a zone condition looks: the pickup, the dropoff, or anywhere along the route. */
export type ZoneMatch = 'pickup' | 'dropoff' | 'either' | 'crossed';

/** A rule applies when every condition it sets holds; an absent condition holds always. */
export interface PriceRuleConditions {
  zones?: readonly number[];
  zoneMatch?: ZoneMatch;
  /** Minutes of the day, `from` inclusive, `to` exclusive; from > to wraps past midnight (22:00–06:00). */
  timeWindow?: { from: number; to: number };
  days?: readonly number[];
  seasons?: readonly Season[];
  services?: readonly number[];
  passengerClasses?: readonly LoyaltyClass[];
  airport?: boolean;
  event?: boolean;
}

/** What a rule does to the running price, in euros: replace it, scale it, add to it, or cap it. */
export type PriceRuleEffect =
  | { kind: 'fixed'; amount: number }
  | { kind: 'multiplier'; factor: number }
  | { kind: 'surcharge'; amount: number }
  | { kind: 'cap'; amount: number };

export const PRICE_RULE_EFFECTS = ['fixed', 'multiplier', 'surcharge', 'cap'] as const;

export interface PriceRule {
  id: number;
  name: string;
  /** Rules run in ascending order. */
  order: number;
  conditions: PriceRuleConditions;
  effect: PriceRuleEffect;
  /** First-match: once this rule applies, no later rule does. Otherwise later rules add up. */
  stop: boolean;
}

/** One line of the "why this price" breakdown; amounts in cents, the rule lines as the change they made. */
export type FareLine =
  | { kind: 'base' | 'distance' | 'time' | 'waiting'; cents: number }
  | { kind: 'minimum'; cents: number }
  /** The seasonal destination's fixed price, as the change it made to the tariff's; `name` is the destination. */
  | { kind: 'destination'; cents: number; name: string }
  | { kind: 'rule'; cents: number; ruleId: number; name: string; effect: PriceRuleEffect['kind'] }
  /** The voucher's discount (negative), after every rule; `name` is its code. */
  | { kind: 'voucher'; cents: number; name: string };

export interface FareQuote {
  /** The price in cents (integer arithmetic: no float drift across rules). */
  cents: number;
  euros: number;
  lines: FareLine[];
  /** The rules that matched, in order (a matched rule that changed nothing has no line). */
  ruleIds: number[];
}
