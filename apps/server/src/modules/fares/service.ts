import {
  applyVoucher,
  BOOKING_MSG,
  type CompiledRules,
  cityLocalToDate,
  cityWallClock,
  compilePriceRules,
  EVENT_REPORT_MARGIN_MS,
  FARE_MSG,
  type FareQuote,
  type FareQuoteDto,
  type FareQuoteInput,
  fareMoment,
  LOYALTY_CLASSES,
  type LoyaltyClass,
  type PriceRuleDto,
  type PriceRuleInput,
  quoteFare,
  SEASONS,
  type Season,
  type TariffDto,
  toEngineRule,
  toEngineTariff,
  type VoucherDiscount,
} from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import { and, asc, count, eq, gte, lte, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  auditLog,
  bookingStops,
  bookings,
  cityEvents,
  passengers,
  priceRules,
  services,
  serviceTariffs,
  vouchers,
} from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import type { CityService } from '../city/service';
import { checkOrderPlaces } from '../geo/booking-check';
import type { GeoService } from '../geo/service';
import type { SettingsService } from '../settings/service';
import { discountOf, voucherFor } from '../vouchers/rules';

export interface FareDeps {
  db: Db;
  clock: Clock;
  city: CityService;
  settings: SettingsService;
  /** The map layers: a quote for a refused pickup or dropoff is refused as the booking would be. */
  geo?: GeoService;
}

/** What the engine needs of a trip beyond the route: who, when, which service, airport or not. */
export interface TripFacts {
  serviceId: number;
  pickup: LonLat;
  dropoff: LonLat;
  stops?: LonLat[];
  at: Date;
  passengerId?: number | null;
  airport?: boolean;
  /** Defaults to the SEASON setting. */
  season?: Season;
  /** The booking's voucher: the last line of the quote. */
  voucher?: VoucherDiscount | null;
}

/** Sectors along a route: sampled so a long route costs a bounded number of lookups. */
const ZONE_SAMPLES = 40;

type RuleRow = typeof priceRules.$inferSelect;
type TariffRow = typeof serviceTariffs.$inferSelect;

function presentRule(row: RuleRow): PriceRuleDto {
  return {
    id: row.id,
    name: row.name,
    order: row.order,
    active: row.active,
    stop: row.stop,
    conditions: row.conditions,
    effect: row.effect,
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentTariff(row: TariffRow): TariffDto {
  return {
    season: row.season,
    base: row.base,
    per_km: row.perKm,
    per_minute: row.perMinute,
    minimum: row.minimum,
    waiting_per_minute: row.waitingPerMinute,
  };
}

export function presentQuote(q: FareQuote, season: Season, metres: number, seconds: number): FareQuoteDto {
  return {
    cents: q.cents,
    euros: q.euros,
    season,
    metres: Math.round(metres),
    seconds: Math.round(seconds),
    lines: q.lines.map((l) =>
      l.kind === 'rule'
        ? { kind: 'rule', cents: l.cents, rule_id: l.ruleId, name: l.name, effect: l.effect }
        : l.kind === 'voucher' || l.kind === 'destination'
          ? { kind: l.kind, cents: l.cents, name: l.name }
          : { kind: l.kind, cents: l.cents },
    ),
    rule_ids: q.ruleIds,
  };
}

/**
 * Prices and price rules, and quotes from the fare engine (packages/shared/src/fare). The active rules are
 * compiled once per version of the table (its row count and newest change), so every node sees an edit on
 * its next quote without a message between nodes.
 */
export class FareService {
  private compiled: { version: string; rules: CompiledRules } | null = null;

  constructor(private readonly deps: FareDeps) {}

  private async activeRules(): Promise<CompiledRules> {
    const { db } = this.deps;
    const [v] = await db.select({ n: count(), at: max(priceRules.updatedAt) }).from(priceRules);
    const version = `${v?.n ?? 0}:${v?.at ? new Date(v.at).getTime() : 0}`;
    if (this.compiled?.version === version) return this.compiled.rules;
    const rows = await db.select().from(priceRules).where(eq(priceRules.active, true));
    const rules = compilePriceRules(rows.map((r) => toEngineRule(presentRule(r))));
    this.compiled = { version, rules };
    return rules;
  }

  private async requireService(db: DbOrTx, id: number) {
    const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, id));
    if (!row) throw notFound(FARE_MSG.unknownService);
  }

  async tariffs(serviceId: number): Promise<TariffDto[]> {
    await this.requireService(this.deps.db, serviceId);
    const rows = await this.deps.db.select().from(serviceTariffs).where(eq(serviceTariffs.serviceId, serviceId));
    return rows.map(presentTariff).sort((a, b) => SEASONS.indexOf(a.season) - SEASONS.indexOf(b.season));
  }

  /** Replaces the service's prices (every season at once), audited. */
  async saveTariffs(actorId: number, serviceId: number, tariffs: TariffDto[]): Promise<TariffDto[]> {
    const now = dateOf(this.deps.clock);
    await this.deps.db.transaction(async (tx) => {
      await this.requireService(tx, serviceId);
      const before = await tx.select().from(serviceTariffs).where(eq(serviceTariffs.serviceId, serviceId));
      await tx.delete(serviceTariffs).where(eq(serviceTariffs.serviceId, serviceId));
      if (tariffs.length > 0)
        await tx.insert(serviceTariffs).values(
          tariffs.map((t) => ({
            serviceId,
            season: t.season,
            base: t.base,
            perKm: t.per_km,
            perMinute: t.per_minute,
            minimum: t.minimum,
            waitingPerMinute: t.waiting_per_minute,
            updatedAt: now,
          })),
        );
      await tx.insert(auditLog).values({
        actorId,
        action: 'service.prices',
        entity: 'service',
        entityId: String(serviceId),
        before: { tariffs: before.map(presentTariff) },
        after: { tariffs },
      });
    });
    return this.tariffs(serviceId);
  }

  async listRules(): Promise<PriceRuleDto[]> {
    const rows = await this.deps.db.select().from(priceRules).orderBy(asc(priceRules.order), asc(priceRules.id));
    return rows.map(presentRule);
  }

  async rule(id: number): Promise<PriceRuleDto> {
    const [row] = await this.deps.db.select().from(priceRules).where(eq(priceRules.id, id));
    if (!row) throw notFound(FARE_MSG.unknownRule);
    return presentRule(row);
  }

  async saveRule(actorId: number, id: number | null, input: PriceRuleInput): Promise<PriceRuleDto> {
    const now = dateOf(this.deps.clock);
    const row = await this.deps.db.transaction(async (tx) => {
      const values = { ...input, updatedAt: now };
      let before: RuleRow | undefined;
      let saved: RuleRow | undefined;
      if (id === null) [saved] = await tx.insert(priceRules).values(values).returning();
      else {
        [before] = await tx.select().from(priceRules).where(eq(priceRules.id, id)).for('update');
        if (!before) throw notFound(FARE_MSG.unknownRule);
        [saved] = await tx.update(priceRules).set(values).where(eq(priceRules.id, id)).returning();
      }
      await tx.insert(auditLog).values({
        actorId,
        action: id === null ? 'price_rule.create' : 'price_rule.update',
        entity: 'price_rule',
        entityId: String(saved.id),
        before: before ? presentRule(before) : null,
        after: presentRule(saved),
      });
      return saved;
    });
    return presentRule(row);
  }

  async deleteRule(actorId: number, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.delete(priceRules).where(eq(priceRules.id, id)).returning();
      if (!row) throw notFound(FARE_MSG.unknownRule);
      await tx.insert(auditLog).values({
        actorId,
        action: 'price_rule.delete',
        entity: 'price_rule',
        entityId: String(id),
        before: presentRule(row),
        after: null,
      });
    });
  }

  /** The passenger's best active loyalty class (P3 above P0), or null. */
  private async passengerClass(id: number | null | undefined): Promise<LoyaltyClass | null> {
    if (!id) return null;
    const [row] = await this.deps.db
      .select({ classes: passengers.activeLoyaltyClasses })
      .from(passengers)
      .where(eq(passengers.id, id));
    const held = (row?.classes ?? []).filter((c): c is LoyaltyClass =>
      (LOYALTY_CLASSES as readonly string[]).includes(c),
    );
    return held.sort().at(-1) ?? null;
  }

  /**
   * Whether the trip starts or ends inside a city event's circle while it runs (with the same margin before
   * and after as the events report counts): the price rules' `event` condition.
   */
  private async duringEvent(at: Date, points: readonly LonLat[]): Promise<boolean> {
    const margin = EVENT_REPORT_MARGIN_MS;
    const events = await this.deps.db
      .select({ lon: cityEvents.lon, lat: cityEvents.lat, radius: cityEvents.radiusM })
      .from(cityEvents)
      .where(
        and(
          lte(cityEvents.startsAt, new Date(at.getTime() + margin)),
          gte(cityEvents.endsAt, new Date(at.getTime() - margin)),
        ),
      );
    return events.some((e) => points.some((p) => haversine(p, [e.lon, e.lat]) <= e.radius));
  }

  private zonesAlong(coordinates: readonly LonLat[]): number[] {
    const step = Math.max(1, Math.floor(coordinates.length / ZONE_SAMPLES));
    const zones = new Set<number>();
    for (let i = 0; i < coordinates.length; i += step) {
      const sector = this.deps.city.sectorOf(coordinates[i]);
      if (sector) zones.add(sector.id);
    }
    return [...zones];
  }

  /**
   * Prices a trip. The route is the street graph's through the stops unless `driven` gives what the
   * trip really took (the final price); waiting is charged from `driven.waitingSeconds`.
   * Returns null when the service has no prices for the season (the caller decides whether that is an error).
   */
  async quoteTrip(
    facts: TripFacts,
    driven?: { metres: number; seconds: number; waitingSeconds?: number },
  ): Promise<FareQuoteDto | null> {
    const season = facts.season ?? (await this.deps.settings.getSeason());
    const [tariffRow] = await this.deps.db
      .select()
      .from(serviceTariffs)
      .where(and(eq(serviceTariffs.serviceId, facts.serviceId), eq(serviceTariffs.season, season)));
    if (!tariffRow) return null;
    const { city } = this.deps;
    const points = [facts.pickup, ...(facts.stops ?? []), facts.dropoff];
    let metres = 0;
    let seconds = 0;
    const coordinates: LonLat[] = [];
    for (let i = 1; i < points.length; i++) {
      const leg = city.route(points[i - 1], points[i]);
      metres += leg.metres;
      seconds += leg.seconds;
      coordinates.push(...leg.coordinates);
    }
    if (driven) {
      metres = driven.metres;
      seconds = driven.seconds;
    }
    const [rules, passengerClass, event] = await Promise.all([
      this.activeRules(),
      this.passengerClass(facts.passengerId),
      this.duringEvent(facts.at, [facts.pickup, facts.dropoff]),
    ]);
    const quote = quoteFare(
      {
        serviceId: facts.serviceId,
        season,
        metres,
        seconds,
        waitingSeconds: driven?.waitingSeconds ?? 0,
        at: fareMoment(cityWallClock(facts.at.getTime())),
        pickupZoneId: city.sectorOf(facts.pickup)?.id ?? null,
        dropoffZoneId: city.sectorOf(facts.dropoff)?.id ?? null,
        zonesCrossed: this.zonesAlong(coordinates),
        airport: !!facts.airport,
        event,
        passengerClass,
        destination: this.pricedDestination(facts.dropoff, season),
      },
      toEngineTariff(presentTariff(tariffRow)),
      rules,
    );
    return presentQuote(facts.voucher ? applyVoucher(quote, facts.voucher) : quote, season, metres, seconds);
  }

  /** The season's priced destination the trip ends at (its price replaces the tariff's), or null. */
  private pricedDestination(dropoff: LonLat, season: Season): { name: string; price: number } | null {
    const d = this.deps.geo?.pricedDestinationAt(dropoff, season);
    return d && d.price !== null ? { name: d.name, price: d.price } : null;
  }

  /** The booking's facts as the engine takes them (its own time, places, stops, passenger, service). */
  private async bookingFacts(id: number): Promise<TripFacts | null> {
    const [b] = await this.deps.db.select().from(bookings).where(eq(bookings.id, id));
    if (!b) throw notFound();
    if (b.pullDownLon === null || b.pullDownLat === null) return null;
    const stops = await this.deps.db
      .select({ lon: bookingStops.lon, lat: bookingStops.lat })
      .from(bookingStops)
      .where(eq(bookingStops.bookingId, id))
      .orderBy(asc(bookingStops.position));
    return {
      serviceId: b.serviceId,
      pickup: [b.pickUpLon, b.pickUpLat],
      dropoff: [b.pullDownLon, b.pullDownLat],
      stops: stops.flatMap((s) => (s.lon !== null && s.lat !== null ? [[s.lon, s.lat] as LonLat] : [])),
      at: b.datetime,
      passengerId: b.passengerId,
      airport: b.airportOffice,
      voucher: b.voucherId === null ? null : await this.voucherOf(b.voucherId),
    };
  }

  private async voucherOf(id: number): Promise<VoucherDiscount | null> {
    const [v] = await this.deps.db.select().from(vouchers).where(eq(vouchers.id, id));
    return v ? discountOf(v) : null;
  }

  /** The price of a booking's trip as driven (what the captain charges at the end). */
  async finalFare(
    bookingId: number,
    driven: { metres: number; seconds: number; waitingSeconds?: number },
  ): Promise<FareQuoteDto | null> {
    const facts = await this.bookingFacts(bookingId);
    return facts ? this.quoteTrip(facts, driven) : null;
  }

  /** GET booking/{id}/fare: the estimate and, once paid, the final price, each with its reasons. */
  async bookingFare(id: number): Promise<{ estimate: FareQuoteDto | null; final: FareQuoteDto | null }> {
    const [b] = await this.deps.db
      .select({ estimate: bookings.fareEstimate, final: bookings.fareFinal })
      .from(bookings)
      .where(eq(bookings.id, id));
    if (!b) throw notFound();
    return { estimate: b.estimate ?? null, final: b.final ?? null };
  }

  /** POST fare/quote: the phone booking's live estimate (422 when the service has no prices). */
  async quote(input: FareQuoteInput): Promise<FareQuoteDto> {
    await this.requireService(this.deps.db, input.service_id).catch(() => {
      throw validationError('service_id', FARE_MSG.unknownService);
    });
    const at = input.datetime ? cityLocalToDate(input.datetime) : dateOf(this.deps.clock);
    if (!at) throw validationError('datetime', BOOKING_MSG.timeUpdateError);
    checkOrderPlaces(this.deps.geo, input.service_id, input, at.getTime());
    const voucher = input.voucher_code
      ? await voucherFor(this.deps.db, input.voucher_code, input.service_id, at)
      : null;
    const quote = await this.quoteTrip({
      serviceId: input.service_id,
      pickup: [input.pickup.lon, input.pickup.lat],
      dropoff: [input.dropoff.lon, input.dropoff.lat],
      stops: input.stops.map((s) => [s.lon, s.lat] as LonLat),
      at,
      passengerId: input.passenger_id,
      airport: input.airport,
      voucher: voucher ? discountOf(voucher) : null,
    });
    if (!quote) throw validationError('service_id', FARE_MSG.noTariff);
    return quote;
  }
}
