import type { RestrictedAreaRule, Season } from '@taxi/shared';
import type { LonLat, PolygonGeometry } from '@taxi/shared/geo';
import { CircleIndex, PolygonIndex } from '@taxi/shared/geo-index';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  areaClusters,
  blacklistLocations,
  landmarks,
  locationContainers,
  locations,
  restrictedAreas,
  seasonalDestinations,
  sectors,
  stations,
} from '../../db/schema';
import type { CitySector } from '../city/service';

export interface RestrictedArea extends RestrictedAreaRule {
  id: number;
  name: string;
}
export interface BlacklistEntry {
  id: number;
  name: string;
  action: 'refuse' | 'flag';
  reason: string;
}
export interface Station {
  id: number;
  name: string;
  center: LonLat;
  radiusM: number;
}

export interface SeasonalDestination {
  id: number;
  season: Season;
  name: string;
  lon: number;
  lat: number;
  /** A fixed price in euros for a trip ending there in its season; null: offered, priced by the meter. */
  price: number | null;
}

/** Every map layer the server looks points up in, indexed; built whole from the tables and swapped in. */
export interface GeoSnapshot {
  sectors: CitySector[];
  sectorIndex: PolygonIndex<CitySector>;
  clustersBySector: Map<number, { id: number; name: string }[]>;
  restricted: PolygonIndex<RestrictedArea>;
  blacklistAreas: PolygonIndex<BlacklistEntry>;
  blacklistPoints: CircleIndex<BlacklistEntry>;
  stations: CircleIndex<Station>;
  stationById: Map<number, Station>;
  /** The landmarks with the city place each stands for (the place pickers offer and search them). */
  landmarks: { placeId: number; name: string; lon: number; lat: number; aliases: string | null }[];
  /** The active seasonal destinations of every season (the pickers offer the season's; the fare prices them). */
  destinations: SeasonalDestination[];
  /** The locations catalogue's named points with their container's name (the place pickers offer them). */
  locations: { id: number; name: string; container: string | null; address: string | null; lon: number; lat: number }[];
}

/** Reads the layers (active rows only) and builds their indexes. */
export async function loadSnapshot(db: DbOrTx): Promise<GeoSnapshot> {
  const [
    sectorRows,
    clusterRows,
    areaRows,
    blackRows,
    stationRows,
    landmarkRows,
    locationRows,
    containerRows,
    destinationRows,
  ] = await Promise.all([
    db.select().from(sectors),
    db.select().from(areaClusters),
    db.select().from(restrictedAreas),
    db.select().from(blacklistLocations),
    db.select().from(stations),
    db
      .select({
        placeId: landmarks.placeId,
        name: landmarks.name,
        lon: landmarks.lon,
        lat: landmarks.lat,
        aliases: landmarks.aliases,
      })
      .from(landmarks),
    db.select().from(locations),
    db.select({ id: locationContainers.id, name: locationContainers.name }).from(locationContainers),
    db.select().from(seasonalDestinations).where(eq(seasonalDestinations.active, true)),
  ]);
  const containerName = new Map(containerRows.map((c) => [c.id, c.name]));
  const citySectors: CitySector[] = sectorRows.map((s) => ({
    id: s.id,
    name: s.name,
    geometry: s.geometry,
    centroid: [s.centroidLon, s.centroidLat],
  }));
  const clustersBySector = new Map<number, { id: number; name: string }[]>();
  for (const c of [...clusterRows].sort((a, b) => a.name.localeCompare(b.name)))
    for (const id of c.sectorIds)
      clustersBySector.set(id, [...(clustersBySector.get(id) ?? []), { id: c.id, name: c.name }]);
  const restricted = areaRows
    .filter((a) => a.active)
    .map((a) => ({
      item: {
        id: a.id,
        name: a.name,
        appliesTo: a.appliesTo as RestrictedArea['appliesTo'],
        allowedServiceIds: a.allowedServiceIds,
        allowedFrom: a.allowedFrom,
        allowedTo: a.allowedTo,
      },
      geometry: a.geometry,
    }));
  const black = blackRows.filter((b) => b.active);
  const entry = (b: (typeof black)[number]): BlacklistEntry => ({
    id: b.id,
    name: b.name,
    action: b.action === 'flag' ? 'flag' : 'refuse',
    reason: b.reason,
  });
  const stationList: Station[] = stationRows
    .filter((s) => s.active)
    .map((s) => ({ id: s.id, name: s.name, center: [s.lon, s.lat], radiusM: s.radiusM }));
  return {
    sectors: citySectors,
    sectorIndex: new PolygonIndex(citySectors.map((s) => ({ item: s, geometry: s.geometry }))),
    clustersBySector,
    restricted: new PolygonIndex(restricted),
    blacklistAreas: new PolygonIndex(
      black.filter((b) => b.geometry).map((b) => ({ item: entry(b), geometry: b.geometry as PolygonGeometry })),
    ),
    blacklistPoints: new CircleIndex(
      black
        .filter((b) => !b.geometry && b.lon !== null && b.lat !== null && b.radiusM !== null)
        .map((b) => ({
          item: entry(b),
          center: [b.lon as number, b.lat as number] as LonLat,
          radiusM: b.radiusM as number,
        })),
    ),
    stations: new CircleIndex(stationList.map((s) => ({ item: s, center: s.center, radiusM: s.radiusM }))),
    stationById: new Map(stationList.map((s) => [s.id, s])),
    locations: locationRows.map((l) => ({
      id: l.id,
      name: l.name,
      container: l.containerId === null ? null : (containerName.get(l.containerId) ?? null),
      address: l.address,
      lon: l.lon,
      lat: l.lat,
    })),
    destinations: destinationRows.map((d) => ({
      id: d.id,
      season: d.season as Season,
      name: d.name,
      lon: d.lon,
      lat: d.lat,
      price: d.price,
    })),
    landmarks: landmarkRows.flatMap((l) => (l.placeId === null ? [] : [{ ...l, placeId: l.placeId }])),
  };
}
