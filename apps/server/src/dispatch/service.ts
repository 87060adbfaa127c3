import { type CandidateRankingDto, type RideRouteDto, SETTING_DEFS } from '@taxi/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { captains, cars, services } from '../db/schema/people';
import { notFound } from '../http/errors';
import { type Clock, dateOf, systemClock } from '../lib/clock';
import type { CityService } from '../modules/city/service';
import type { FleetRules } from '../modules/fleet/rules';
import type { DispatchConfig } from '../modules/settings/dispatch-config';
import type { LiveMeta } from '../modules/tracking/service';
import { type BookingFacts, type CaptainFacts, filterCandidates } from './candidates';
import { captainCommitments } from './eligibility';
import { type PositionedCaptain, rankCandidates } from './ranking';
import type { NearbyHit, PositionIndex } from './spatial-index';

const DEFAULT_RADIUS_M = SETTING_DEFS.DISPATCH_RADIUS_KM.default * 1000;

export interface RankOptions {
  /** Straight-line search radius around the pickup (default: the DISPATCH_RADIUS_KM setting, else 15 km). */
  radiusM?: number;
  /** How many nearest captains are looked at (default 200). */
  prefilter?: number;
  /** How many eligible captains get a street-graph ETA (default 10). */
  k?: number;
  now?: Date;
  /** Ranks as if the booking were of this service (the AI looking for a service change). */
  serviceId?: number;
}

/**
 * Candidate search and ranking for a booking: captains near the pickup from the position index, the
 * candidate rules on their database facts, street-graph ETAs for the nearest K, explainable scores.
 */
export class DispatchService {
  constructor(
    private readonly deps: {
      db: Db;
      city: CityService;
      index: PositionIndex<LiveMeta>;
      clock?: Clock;
      /** The live dispatching settings (search radius). */
      config?: Pick<DispatchConfig, 'current'>;
      /** The vehicle types of each service (/services/{id}/cars); without it, each service's own type. */
      fleet?: Pick<FleetRules, 'vehicleTypesOf'>;
    },
  ) {}

  private get clock(): Clock {
    return this.deps.clock ?? systemClock;
  }

  /** The booking's facts; with `serviceId`, as if it were of that service (its vehicle type too). */
  async bookingFacts(bookingId: number, serviceId?: number): Promise<BookingFacts> {
    const [b] = await this.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!b) throw notFound();
    const [other] =
      serviceId === undefined || serviceId === b.serviceId
        ? []
        : await this.deps.db.select().from(services).where(eq(services.id, serviceId));
    const serviceIdOf = other?.id ?? b.serviceId;
    return {
      id: b.id,
      service_id: serviceIdOf,
      vehicle_type: other ? other.vehicleType : b.vehicleType,
      vehicle_types: (await this.deps.fleet?.vehicleTypesOf(serviceIdOf)) ?? null,
      seats: b.seats,
      pickup: [b.pickUpLon, b.pickUpLat],
      static_constraints: b.staticConstraints ?? [],
      dynamic_constraints: b.dynamicConstraints ?? [],
    };
  }

  /**
   * Database facts of the given captains: their newest car and whether another booking than
   * `exceptBookingId` holds them (a ride, an offer) — the facts of the shared "one captain, one ride" rule.
   */
  async captainFacts(
    ids: readonly number[],
    now = dateOf(this.clock),
    exceptBookingId?: number,
  ): Promise<Map<number, CaptainFacts>> {
    const out = new Map<number, CaptainFacts>();
    if (ids.length === 0) return out;
    const { db } = this.deps;
    const list = [...ids];
    const [rows, carRows, { onRide, offered }] = await Promise.all([
      db.select().from(captains).where(inArray(captains.id, list)),
      db
        .select({ captainId: cars.captainId, number: cars.number, vehicleType: cars.vehicleType, seats: cars.seats })
        .from(cars)
        .where(inArray(cars.captainId, list))
        .orderBy(desc(cars.id)),
      captainCommitments(db, list, now, exceptBookingId),
    ]);
    const carOf = new Map<number, (typeof carRows)[number]>();
    for (const c of carRows) if (c.captainId != null && !carOf.has(c.captainId)) carOf.set(c.captainId, c);
    for (const r of rows) {
      const car = carOf.get(r.id);
      out.set(r.id, {
        captain_id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        online: r.online,
        active: r.active,
        blocked_until: r.blockedUntil,
        service_ids: r.serviceIds ?? [],
        car_number: car?.number ?? null,
        vehicle_type: car?.vehicleType ?? null,
        seats: car?.seats ?? null,
        capabilities: r.capabilities ?? [],
        on_ride: onRide.has(r.id),
        offered: offered.has(r.id),
      });
    }
    return out;
  }

  /** Ranked candidates of a booking with each score's parts ("why this captain"). */
  async rank(bookingId: number, options: RankOptions = {}): Promise<CandidateRankingDto> {
    const booking = await this.bookingFacts(bookingId, options.serviceId);
    return this.rankFor(booking, options);
  }

  async rankFor(booking: BookingFacts, options: RankOptions = {}): Promise<CandidateRankingDto> {
    const now = options.now ?? dateOf(this.clock);
    const [lon, lat] = booking.pickup;
    const radiusM = options.radiusM ?? (await this.deps.config?.current())?.radiusM ?? DEFAULT_RADIUS_M;
    const hits: NearbyHit<LiveMeta>[] = await this.deps.index.nearby(lon, lat, radiusM, options.prefilter ?? 200);
    // A captain whose live state is not FREE is busy whatever the database says (fresher signal).
    const near = hits.filter((h) => h.meta.state === 'FREE');
    const facts = await this.captainFacts(
      near.map((h) => h.id),
      now,
      booking.id,
    );
    const positioned: PositionedCaptain[] = [];
    for (const h of near) {
      const f = facts.get(h.id);
      if (!f) continue;
      positioned.push({
        ...f,
        lon: h.lon,
        lat: h.lat,
        distance_m: h.distance_m,
        idle_s: Math.max(0, (now.getTime() - h.meta.since) / 1000),
        position_age_s: Math.max(0, (now.getTime() - h.meta.at) / 1000),
      });
    }
    const { candidates, excluded } = filterCandidates(booking, positioned, now);
    const notFree = hits.length - near.length;
    if (notFree > 0) excluded.busy = (excluded.busy ?? 0) + notFree;
    const ranked = rankCandidates(booking, candidates, (from, to) => this.deps.city.eta(from, to), options.k ?? 10);
    return { booking_id: booking.id, pickup: { lon, lat }, candidates: ranked, considered: hits.length, excluded };
  }

  /** GET ride/{rideId}/route: the street route from the ride's booking pickup to its dropoff. */
  async rideRoute(rideId: number): Promise<RideRouteDto> {
    const [b] = await this.deps.db
      .select({
        id: bookings.id,
        pickLon: bookings.pickUpLon,
        pickLat: bookings.pickUpLat,
        dropLon: bookings.pullDownLon,
        dropLat: bookings.pullDownLat,
      })
      .from(bookings)
      .where(eq(bookings.rideId, rideId))
      .orderBy(bookings.id)
      .limit(1);
    if (!b) throw notFound();
    if (b.dropLon == null || b.dropLat == null) {
      return {
        ride_id: rideId,
        booking_id: b.id,
        route: [{ lat: b.pickLat, lng: b.pickLon }],
        distance_m: 0,
        duration_s: 0,
      };
    }
    const r = this.deps.city.route([b.pickLon, b.pickLat], [b.dropLon, b.dropLat]);
    return {
      ride_id: rideId,
      booking_id: b.id,
      route: r.coordinates.map(([lng, lat]) => ({ lat, lng })),
      distance_m: Math.round(r.metres),
      duration_s: Math.round(r.seconds),
    };
  }
}
