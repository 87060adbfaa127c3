import { z } from 'zod';
import { LOYALTY_CLASSES } from './bookings';
import { SEASONS } from './constants';
import type { PriceRule, PriceRuleConditions, PriceRuleEffect, Tariff } from './fare/types';
import { PRICE_RULE_EFFECTS } from './fare/types';
import { texts, tr } from './i18n';

/** Prices and price rules (the services' price pages, /priceRules): limits and texts written once. */
export const FARE_LIMITS = { maxEuros: 10_000, maxFactor: 10, maxRuleName: 120, maxListItems: 200 } as const;

export const FARE_MSG = texts({
  seasonTwice: (season: string) => tr('The season {{season}} is given twice.', { season }),
  unknownService: 'Unknown service',
  unknownRule: 'Unknown price rule',
  noTariff: 'This service has no prices for the season.',
  timeFormat: 'Use the form HH:MM.',
  bothTimes: 'Give both ends of the time window, or neither.',
  amountNeeded: 'An amount is required for this effect.',
  factorNeeded: 'A factor is required for this effect.',
  pricesSaved: 'Prices saved',
  ruleSaved: 'Price rule saved',
  ruleDeleted: 'Price rule deleted',
} as const);

const euros = z.number().min(0).max(FARE_LIMITS.maxEuros);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const tariffSchema = z
  .object({
    season: z.enum(SEASONS),
    base: euros,
    per_km: euros,
    per_minute: euros,
    minimum: euros,
    waiting_per_minute: euros,
  })
  .meta({ id: 'Tariff' });
export type TariffDto = z.infer<typeof tariffSchema>;

/** PUT services/{id}/prices: the service's prices per season (a season left out keeps no prices). */
export const serviceTariffsBody = z.object({
  tariffs: z
    .array(tariffSchema)
    .max(SEASONS.length)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((t, i) => {
        if (seen.has(t.season))
          ctx.addIssue({ code: 'custom', path: [i, 'season'], message: FARE_MSG.seasonTwice(t.season) });
        seen.add(t.season);
      });
    }),
});

const idList = z.array(z.number().int().positive()).max(FARE_LIMITS.maxListItems);

export const priceRuleConditionsSchema = z
  .object({
    zones: idList.optional(),
    zone_match: z.enum(['pickup', 'dropoff', 'either', 'crossed']).optional(),
    time_from: z.string().regex(HHMM, FARE_MSG.timeFormat).optional(),
    time_to: z.string().regex(HHMM, FARE_MSG.timeFormat).optional(),
    days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    seasons: z.array(z.enum(SEASONS)).max(SEASONS.length).optional(),
    services: idList.optional(),
    passenger_classes: z.array(z.enum(LOYALTY_CLASSES)).max(LOYALTY_CLASSES.length).optional(),
    airport: z.boolean().optional(),
    event: z.boolean().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if ((c.time_from === undefined) !== (c.time_to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [c.time_from === undefined ? 'time_from' : 'time_to'],
        message: FARE_MSG.bothTimes,
      });
  });

export const priceRuleEffectSchema = z
  .object({
    kind: z.enum(PRICE_RULE_EFFECTS),
    amount: euros.optional(),
    factor: z.number().min(0).max(FARE_LIMITS.maxFactor).optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.kind === 'multiplier' && e.factor === undefined)
      ctx.addIssue({ code: 'custom', path: ['factor'], message: FARE_MSG.factorNeeded });
    if (e.kind !== 'multiplier' && e.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: FARE_MSG.amountNeeded });
  });

export const priceRuleBody = z.object({
  name: z.string().trim().min(1).max(FARE_LIMITS.maxRuleName),
  order: z.number().int().min(0).max(100_000),
  active: z.boolean().default(true),
  stop: z.boolean().default(false),
  conditions: priceRuleConditionsSchema,
  effect: priceRuleEffectSchema,
});
export type PriceRuleInput = z.infer<typeof priceRuleBody>;

export const priceRuleSchema = priceRuleBody
  .extend({ id: z.number().int(), updated_at: z.string() })
  .meta({ id: 'PriceRule' });
export type PriceRuleDto = z.infer<typeof priceRuleSchema>;

/** What a rule does to the price, by effect kind (the rule form and the CSV export). */
export const PRICE_RULE_EFFECT_LABELS = texts({
  fixed: 'Fixed price',
  multiplier: 'Multiply by',
  surcharge: 'Add (or subtract)',
  cap: 'Cap at',
});

/** Sunday first, as the engine counts days (0 … 6). */
export const priceRuleDayNames = () => [tr('Sun'), tr('Mon'), tr('Tue'), tr('Wed'), tr('Thu'), tr('Fri'), tr('Sat')];

/**
 * A rule's conditions as one line in the current language, given the names of services, zones and seasons;
 * "Always" when it has none (the price rules page and its CSV export).
 */
export function priceRuleConditionsText(
  c: PriceRuleDto['conditions'],
  names: { service: (id: number) => string; zone: (id: number) => string; season: (s: string) => string },
): string {
  const parts: string[] = [];
  if (c.services?.length) parts.push(c.services.map(names.service).join(', '));
  if (c.seasons?.length) parts.push(c.seasons.map(names.season).join(', '));
  if (c.days?.length) {
    const days = priceRuleDayNames();
    parts.push(c.days.map((d) => days[d]).join(', '));
  }
  if (c.time_from && c.time_to) parts.push(`${c.time_from}–${c.time_to}`);
  if (c.zones?.length) parts.push(tr('zones {{zones}}', { zones: c.zones.map(names.zone).join(', ') }));
  if (c.passenger_classes?.length) parts.push(c.passenger_classes.join(', '));
  if (c.airport !== undefined) parts.push(c.airport ? tr('airport') : tr('not airport'));
  if (c.event !== undefined) parts.push(c.event ? tr('city event') : tr('no city event'));
  return parts.length ? parts.join(' · ') : tr('Always');
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A stored rule as the fare engine takes it (the API speaks snake_case and HH:MM; the engine minutes). */
export function toEngineRule(
  rule: Pick<PriceRuleDto, 'id' | 'name' | 'order' | 'stop' | 'conditions' | 'effect'>,
): PriceRule {
  const c = rule.conditions;
  const conditions: PriceRuleConditions = {
    zones: c.zones,
    zoneMatch: c.zone_match,
    timeWindow: c.time_from && c.time_to ? { from: minutesOf(c.time_from), to: minutesOf(c.time_to) } : undefined,
    days: c.days,
    seasons: c.seasons,
    services: c.services,
    passengerClasses: c.passenger_classes,
    airport: c.airport,
    event: c.event,
  };
  const e = rule.effect;
  const effect: PriceRuleEffect =
    e.kind === 'multiplier' ? { kind: 'multiplier', factor: e.factor ?? 1 } : { kind: e.kind, amount: e.amount ?? 0 };
  return { id: rule.id, name: rule.name, order: rule.order, stop: rule.stop, conditions, effect };
}

export function toEngineTariff(t: TariffDto): Tariff {
  return {
    base: t.base,
    perKm: t.per_km,
    perMinute: t.per_minute,
    minimum: t.minimum,
    waitingPerMinute: t.waiting_per_minute,
  };
}

const point = z.object({ lon: z.number().min(-180).max(180), lat: z.number().min(-90).max(90) });

/** POST fare/quote: what the phone booking knows while the operator fills it in. */
export const fareQuoteBody = z.object({
  service_id: z.number().int().positive(),
  pickup: point,
  dropoff: point,
  stops: z.array(point).max(10).default([]),
  /** City wall-clock time 'YYYY-MM-DD HH:mm' of a scheduled booking; absent: now. */
  datetime: z.string().max(32).optional(),
  passenger_id: z.number().int().positive().optional(),
  airport: z.boolean().default(false),
  /** The voucher the phone booking applies: its discount is the quote's last line. */
  voucher_code: z.string().trim().max(32).optional(),
});
export type FareQuoteInput = z.infer<typeof fareQuoteBody>;

const fareLineSchema = z.object({
  kind: z.enum(['base', 'distance', 'time', 'waiting', 'minimum', 'destination', 'rule', 'voucher']),
  cents: z.number().int(),
  rule_id: z.number().int().optional(),
  name: z.string().optional(),
  effect: z.enum(PRICE_RULE_EFFECTS).optional(),
});

export const fareQuoteSchema = z
  .object({
    cents: z.number().int(),
    euros: z.number(),
    season: z.enum(SEASONS),
    metres: z.number(),
    seconds: z.number(),
    lines: z.array(fareLineSchema),
    rule_ids: z.array(z.number().int()),
  })
  .meta({ id: 'FareQuote' });
export type FareQuoteDto = z.infer<typeof fareQuoteSchema>;
