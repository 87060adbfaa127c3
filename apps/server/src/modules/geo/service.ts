import {
  type BookingPointRole,
  GEO_MSG,
  type GeoCheckDto,
  type GeoLookupDto,
  restrictedAreaRefuses,
  SEASONAL_DESTINATION_RADIUS_M,
  type Season,
} from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import type { CityService } from '../city/service';
import type { FleetRules } from '../fleet/rules';
import { serviceNames } from '../fleet/service-ids';
import {
  type BlacklistEntry,
  type GeoSnapshot,
  loadSnapshot,
  type SeasonalDestination,
  type Station,
} from './snapshot';
import type { StationQueues } from './station-queues';

export interface GeoDeps {
  db: Db;
  clock: Clock;
  city: CityService;
  fleet: FleetRules;
  realtime: Pick<Realtime, 'toOtherNodes' | 'onNodeEvent'>;
  queues?: StationQueues;
  log: { warn: (obj: unknown, msg: string) => void };
}

/**
 * The map layers in memory: point lookups (sector, clusters, restricted areas, blacklist, stations) over
 * spatial indexes, rebuilt after every write on this node and, through a node event, on the others. The
 * city's sectors (bookings' sectors, fare zones, services' areas) are swapped in with them.
 */
export class GeoService {
  private current: GeoSnapshot | null = null;
  private reloading: Promise<void> = Promise.resolve();

  constructor(private readonly deps: GeoDeps) {}

  /** Loads the layers once and listens for the other nodes' writes. */
  async start(): Promise<void> {
    await this.reload();
    this.deps.realtime.onNodeEvent('geoChanged', () => {
      this.reload().catch((error) => this.deps.log.warn({ err: error }, 'map layers reload failed'));
    });
  }

  /** Rebuilds the indexes from the tables (one reload at a time; the last one wins). */
  reload(): Promise<void> {
    this.reloading = this.reloading
      .catch(() => {})
      .then(async () => {
        const snapshot = await loadSnapshot(this.deps.db);
        this.current = snapshot;
        this.deps.city.setSectors(snapshot.sectors);
        this.deps.city.setLandmarks(snapshot.landmarks);
        this.deps.city.setSavedLocations(snapshot.locations);
        this.deps.queues?.keepOnly(new Set(snapshot.stationById.keys()));
      });
    return this.reloading;
  }

  /** After a committed write: reload here, then tell the other nodes. */
  async changed(): Promise<void> {
    await this.reload();
    this.deps.realtime.toOtherNodes('geoChanged');
  }

  private get snap(): GeoSnapshot {
    if (!this.current) throw new Error('map layers not loaded');
    return this.current;
  }

  /** The season's destinations (/SeasonalDestinations/update), by name: the place pickers offer them first. */
  destinationsOf(season: Season): SeasonalDestination[] {
    return this.snap.destinations.filter((d) => d.season === season).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The season's priced destination a dropoff is at (the nearest within SEASONAL_DESTINATION_RADIUS_M), or null. */
  pricedDestinationAt(p: LonLat, season: Season): SeasonalDestination | null {
    let best: { d: SeasonalDestination; metres: number } | null = null;
    for (const d of this.snap.destinations) {
      if (d.season !== season || d.price === null) continue;
      const metres = haversine(p, [d.lon, d.lat]);
      if (metres <= SEASONAL_DESTINATION_RADIUS_M && (!best || metres < best.metres)) best = { d, metres };
    }
    return best?.d ?? null;
  }

  /** The station whose radius holds the point (nearest centre first), or null. */
  stationAt(p: LonLat): Station | null {
    return this.snap.stations.containing(p)[0]?.item ?? null;
  }

  /** The queue (captain ids, arrival order) of the station whose radius holds the point; [] elsewhere. */
  queueAt(p: LonLat): number[] {
    const station = this.current ? this.stationAt(p) : null;
    return station && this.deps.queues ? this.deps.queues.queue(station.id).map((e) => e.captainId) : [];
  }

  /** The sector holding the point (its border included), or null outside every sector. */
  sectorAt(p: LonLat): { id: number; name: string } | null {
    return this.snap.sectorIndex.first(p);
  }

  /** Every sector (id and name). */
  sectorList(): { id: number; name: string }[] {
    return this.snap.sectors.map(({ id, name }) => ({ id, name }));
  }

  stations(): Station[] {
    return [...this.snap.stationById.values()];
  }

  station(id: number): Station | null {
    return this.snap.stationById.get(id) ?? null;
  }

  /** Whether a booking may start (pickup) or end (dropoff) at the point, for a service at an instant. */
  check(p: LonLat, role: BookingPointRole, serviceId: number | null, atMs = this.deps.clock.now()): GeoCheckDto {
    const s = this.snap;
    const refusals: GeoCheckDto['refusals'] = [];
    const flags: GeoCheckDto['flags'] = [];
    for (const area of s.restricted.containing(p)) {
      if (restrictedAreaRefuses(area, role, serviceId, atMs))
        refusals.push({
          kind: 'restricted_area',
          id: area.id,
          name: area.name,
          reason: null,
          message: GEO_MSG.restricted(area.name),
        });
    }
    const black = [...s.blacklistAreas.containing(p), ...s.blacklistPoints.containing(p).map((h) => h.item)];
    const hit = (b: BlacklistEntry) => ({
      kind: 'blacklist_location' as const,
      id: b.id,
      name: b.name,
      reason: b.reason,
    });
    for (const b of black) {
      if (b.action === 'refuse') refusals.push({ ...hit(b), message: GEO_MSG.blacklisted(b.reason) });
      else flags.push({ ...hit(b), message: GEO_MSG.flagged(b.reason) });
    }
    return { allowed: refusals.length === 0, refusals, flags };
  }

  /** Everything that applies at a point (/testMaps). */
  async lookup(p: LonLat): Promise<GeoLookupDto> {
    const s = this.snap;
    const now = this.deps.clock.now();
    const sector = s.sectorIndex.first(p);
    const ref = sector ? { id: sector.id, name: sector.name } : null;
    const nearest = s.stations.nearest(p);
    const names = await serviceNames(this.deps.db);
    const services = await Promise.all(
      [...names].map(async ([id, name]) => ({
        id,
        name,
        runs: await this.deps.fleet.runsAt(id, p, (q) => s.sectorIndex.first(q)),
      })),
    );
    // The fare engine's zone is the city's sector at the point (the nearest within 500 m when between two).
    const zone = this.deps.city.sectorOf(p);
    return {
      point: p,
      sector: ref,
      fare_zone: zone ? { id: zone.id, name: zone.name } : null,
      area_clusters: sector ? (s.clustersBySector.get(sector.id) ?? []) : [],
      restricted_areas: s.restricted.containing(p).map((a) => ({
        id: a.id,
        name: a.name,
        applies_to: a.appliesTo,
        refuses_pickup: restrictedAreaRefuses(a, 'pickup', null, now),
        refuses_dropoff: restrictedAreaRefuses(a, 'dropoff', null, now),
      })),
      blacklist: [...s.blacklistAreas.containing(p), ...s.blacklistPoints.containing(p).map((h) => h.item)].map(
        (b) => ({
          id: b.id,
          name: b.name,
          action: b.action,
          reason: b.reason,
        }),
      ),
      nearest_station: nearest
        ? {
            id: nearest.item.id,
            name: nearest.item.name,
            metres: Math.round(nearest.metres),
            inside: nearest.metres <= nearest.item.radiusM,
            queue: this.deps.queues?.queue(nearest.item.id).map((e) => e.captainId) ?? [],
          }
        : null,
      services: services.sort((a, b) => a.id - b.id),
    };
  }
}
