import { type CandidateRankingDto, type RideRouteDto, SETTING_DEFS, stationQueueFirst } from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, rides } from '../db/schema/bookings';
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
  /** Also captains on a trip that ends within this long (soon to clear), ETA from its dropoff. */
  soonToClearMs?: number;
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
      /** The queue (captain ids, arrival order) of the station whose radius holds the point; none: []. */
      stationQueueAt?: (point: LonLat) => readonly number[];
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
   * Database facts of the given captains: their first car (the one a ride gets, `lockAvailableCaptain`) and whether another booking than
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
        .orderBy(asc(cars.id)),
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
    const clearing = options.soonToClearMs
      ? await this.soonToClear(
          hits.filter((h) => h.meta.state === 'ON_TRIP'),
          options.soonToClearMs / 1000,
          booking,
          now,
        )
      : [];
    const { candidates, excluded } = filterCandidates(booking, [...positioned, ...clearing], now);
    const notFree = hits.length - near.length - clearing.length;
    if (notFree > 0) excluded.busy = (excluded.busy ?? 0) + notFree;
    const scored = rankCandidates(booking, candidates, (from, to) => this.deps.city.eta(from, to), options.k ?? 10);
    // A pickup at a station goes first to the head of its queue (geo-rules.ts).
    const queue = this.deps.stationQueueAt?.(booking.pickup) ?? [];
    const ranked = stationQueueFirst(scored, queue).map((c) => {
      const place = queue.indexOf(c.captain_id);
      return place < 0 ? c : { ...c, station_queue: place + 1 };
    });
    return { booking_id: booking.id, pickup: { lon, lat }, candidates: ranked, considered: hits.length, excluded };
  }

  /**
   * Captains on a trip (PICKED_UP) that ends within `withinS` seconds, placed at its dropoff: the candidate
   * rules see them as free (the trip is nearly over), the ranking counts their ETA from there.
   */
  private async soonToClear(
    hits: readonly NearbyHit<LiveMeta>[],
    withinS: number,
    booking: BookingFacts,
    now: Date,
  ): Promise<PositionedCaptain[]> {
    if (hits.length === 0) return [];
    const trips = await this.deps.db
      .select({ captainId: rides.captainId, lon: bookings.pullDownLon, lat: bookings.pullDownLat })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(
        and(
          inArray(
            rides.captainId,
            hits.map((h) => h.id),
          ),
          eq(bookings.status, 'PICKED_UP'),
        ),
      );
    const dropoffOf = new Map<number, LonLat>();
    for (const t of trips) if (t.lon != null && t.lat != null) dropoffOf.set(t.captainId, [t.lon, t.lat]);
    const ending = hits.flatMap((h) => {
      const dropoff = dropoffOf.get(h.id);
      if (!dropoff) return [];
      const clearsInS = this.deps.city.eta([h.lon, h.lat], dropoff);
      return clearsInS <= withinS ? [{ hit: h, dropoff, clearsInS }] : [];
    });
    const facts = await this.captainFacts(
      ending.map((e) => e.hit.id),
      now,
      booking.id,
    );
    return ending.flatMap(({ hit, dropoff, clearsInS }) => {
      const f = facts.get(hit.id);
      if (!f) return [];
      return [
        {
          ...f,
          on_ride: false,
          lon: dropoff[0],
          lat: dropoff[1],
          distance_m: haversine(dropoff, booking.pickup),
          idle_s: 0,
          position_age_s: Math.max(0, (now.getTime() - hit.meta.at) / 1000),
          clears_in_s: clearsInS,
        },
      ];
    });
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
