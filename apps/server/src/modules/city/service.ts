import { centroid, haversine, type LonLat, type PolygonGeometry } from '@taxi/shared/geo';
import { gte } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { places as placesTable, sectors as sectorsTable, streets as streetsTable } from '../../db/schema/city';
import { buildBasemap } from './basemap';
import { SectorIndex } from './sector-index';
import { type Route, StreetGraph, straightLineRoute } from './street-graph';
import type { CityData, Logger, PlaceCategory, RoadRecord } from './types';

export interface CitySector {
  id: number;
  name: string;
  geometry: PolygonGeometry;
  centroid: LonLat;
}

export interface CityPlace {
  id: number;
  osm_id: number;
  name: string;
  category: PlaceCategory;
  /**
   * An imported place of the city (or a landmark's), a named location of the locations catalogue, or a seasonal
   * destination (`id` is then that row's id, not a city place's).
   */
  source?: 'place' | 'location' | 'destination';
  lat: number;
  lng: number;
  addr_street: string | null;
  stars: number | null;
  cuisine: string | null;
  sector_id: number | null;
  sector_name: string | null;
}

/** Lower case, accents removed: "Théatre" matches "theatre". */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The city in memory: a street graph (routes, ETAs), a sector index and the places. Loaded once from the
 * database; when there are no streets, routes are straight lines at an assumed speed.
 */
export class CityService {
  readonly graph: StreetGraph | null;
  private sectorIndex: SectorIndex<CitySector>;
  /** The imported places, as loaded. */
  private readonly imported: CityPlace[];
  /** What the pickers search: the imported places with the landmarks catalogue laid over them (setLandmarks). */
  private placeList: CityPlace[];
  private folded: string[];
  /** The locations catalogue (maps layers), offered before the imported places. */
  private saved: { place: CityPlace; folded: string }[] = [];
  private sectorById: Map<number, CitySector>;
  private readonly roads: readonly RoadRecord[];
  private basemapJson: string | null = null;

  constructor(data: { roads: readonly RoadRecord[]; places: CityPlace[]; sectors: CitySector[] }) {
    this.roads = data.roads;
    this.graph = data.roads.length > 0 ? StreetGraph.build(data.roads) : null;
    this.sectorIndex = new SectorIndex(data.sectors);
    this.sectorById = new Map(data.sectors.map((s) => [s.id, s]));
    this.imported = [...data.places].sort((a, b) => a.name.localeCompare(b.name));
    this.placeList = this.imported;
    this.folded = this.foldPlaces(new Map());
  }

  /** What a place search matches: name, street, cuisine, and the landmark's aliases. */
  private foldPlaces(aliases: ReadonlyMap<number, string>): string[] {
    return this.placeList.map((p) =>
      foldText(`${p.name} ${p.addr_street ?? ''} ${p.cuisine ?? ''} ${aliases.get(p.id) ?? ''}`),
    );
  }

  /**
   * The landmarks catalogue, each with the city place it stands for (one is made for a landmark created in the
   * console): its name and position replace the imported ones, its aliases are searched like names, and a
   * landmark without an imported place is offered as a place of its own (a booking's landmark_pickup).
   */
  setLandmarks(list: readonly { placeId: number; name: string; lon: number; lat: number; aliases: string | null }[]) {
    const byPlace = new Map(list.map((l) => [l.placeId, l]));
    const laid = (p: CityPlace): CityPlace => {
      const l = byPlace.get(p.id);
      return l ? { ...p, name: l.name, lat: l.lat, lng: l.lon } : p;
    };
    const known = new Set(this.imported.map((p) => p.id));
    const own = list
      .filter((l) => !known.has(l.placeId))
      .map((l): CityPlace => {
        const sector = this.sectorOf([l.lon, l.lat]);
        return {
          id: l.placeId,
          osm_id: 0,
          name: l.name,
          category: 'landmark',
          lat: l.lat,
          lng: l.lon,
          addr_street: null,
          stars: null,
          cuisine: null,
          sector_id: sector?.id ?? null,
          sector_name: sector?.name ?? null,
        };
      });
    this.placeList = [...this.imported.map(laid), ...own].sort((a, b) => a.name.localeCompare(b.name));
    this.folded = this.foldPlaces(new Map(list.flatMap((l) => (l.aliases ? [[l.placeId, l.aliases] as const] : []))));
  }

  /** The locations catalogue's named points, with their container (searched too) and sector. */
  setSavedLocations(
    list: readonly {
      id: number;
      name: string;
      container: string | null;
      address: string | null;
      lon: number;
      lat: number;
    }[],
  ): void {
    this.saved = [...list]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((l) => {
        const sector = this.sectorOf([l.lon, l.lat]);
        return {
          place: {
            id: l.id,
            osm_id: 0,
            name: l.container ? `${l.name} (${l.container})` : l.name,
            category: 'location',
            source: 'location',
            lat: l.lat,
            lng: l.lon,
            addr_street: l.address,
            stars: null,
            cuisine: null,
            sector_id: sector?.id ?? null,
            sector_name: sector?.name ?? null,
          },
          folded: foldText(`${l.name} ${l.container ?? ''} ${l.address ?? ''}`),
        };
      });
  }

  /** A city without any data (straight-line routes, no sectors, no places). */
  static empty(): CityService {
    return new CityService({ roads: [], places: [], sectors: [] });
  }

  /** Builds the service from records read from files (ids are positions), without a database. */
  static fromData(data: Pick<CityData, 'roads' | 'places' | 'sectors'>): CityService {
    const sectors: CitySector[] = data.sectors.map((s, i) => ({
      id: i + 1,
      name: s.name,
      geometry: s.geometry,
      centroid: centroid(s.geometry),
    }));
    const index = new SectorIndex(sectors);
    const places: CityPlace[] = data.places.map((p, i) => {
      const sector = index.lookup([p.lon, p.lat], 200)?.sector ?? null;
      return {
        id: i + 1,
        osm_id: p.osm_id,
        name: p.name,
        category: p.category,
        lat: p.lat,
        lng: p.lon,
        addr_street: p.addr_street,
        stars: p.stars,
        cuisine: p.cuisine,
        sector_id: sector?.id ?? null,
        sector_name: sector?.name ?? null,
      };
    });
    return new CityService({ roads: data.roads, places, sectors });
  }

  /** Loads streets, places and sectors from the database (once, at start-up). */
  static async load<TSchema extends Record<string, unknown>>(
    db: PgDatabase<PgQueryResultHKT, TSchema>,
    log?: Logger,
  ): Promise<CityService> {
    const [streetRows, placeRows, sectorRows] = await Promise.all([
      db.select().from(streetsTable),
      // The places made for landmarks in the console (osm_id < 0) come with the landmarks (setLandmarks): one
      // whose landmark was deleted is kept for the bookings that name it, but offered no more.
      db.select().from(placesTable).where(gte(placesTable.osmId, 0)),
      db.select().from(sectorsTable),
    ]);
    const sectors: CitySector[] = sectorRows.map((s) => ({
      id: s.id,
      name: s.name,
      geometry: s.geometry,
      centroid: [s.centroidLon, s.centroidLat],
    }));
    const names = new Map(sectors.map((s) => [s.id, s.name]));
    const roads: RoadRecord[] = streetRows.map((r) => ({
      osm_id: r.osmId,
      name: r.name,
      highway: r.highway,
      oneway: r.oneway === 'yes' || r.oneway === '-1' ? r.oneway : 'no',
      maxspeed: r.maxspeed,
      junction: r.junction,
      coordinates: r.coordinates,
    }));
    const places: CityPlace[] = placeRows.map((p) => ({
      id: p.id,
      osm_id: p.osmId,
      name: p.name,
      category: p.category as PlaceCategory,
      lat: p.lat,
      lng: p.lon,
      addr_street: p.addrStreet,
      stars: p.stars,
      cuisine: p.cuisine,
      sector_id: p.sectorId,
      sector_name: p.sectorId == null ? null : (names.get(p.sectorId) ?? null),
    }));
    const service = new CityService({ roads, places, sectors });
    if (log) {
      const g = service.graph?.stats;
      log.info(
        g
          ? `City loaded: street graph of ${g.nodes} nodes, ${g.edges} edges (largest part ${g.largestComponentNodes} nodes, built in ${Math.round(g.buildMs)} ms), ${places.length} places, ${sectors.length} sectors`
          : `City loaded without streets (straight-line distances, no street routes): ${places.length} places, ${sectors.length} sectors`,
      );
    }
    return service;
  }

  /**
   * The consoles' offline base map as a serialised GeoJSON FeatureCollection: streets (by class) and the
   * quarters' outlines, coordinates rounded to about a metre. Built once; maps draw it under the raster
   * tiles, so without internet they still show the city's streets.
   */
  basemap(): string {
    this.basemapJson ??= JSON.stringify(buildBasemap(this.roads, [...this.sectorById.values()]));
    return this.basemapJson;
  }

  get hasStreets(): boolean {
    return this.graph !== null;
  }

  /** Street route (or a straight line when there are no streets). */
  route(from: LonLat, to: LonLat): Route {
    return this.graph ? this.graph.route(from, to) : straightLineRoute(from, to);
  }

  /** Travel time in seconds. */
  eta(from: LonLat, to: LonLat): number {
    return this.route(from, to).seconds;
  }

  /** The sector (quarter) containing the point, else the nearest one within maxMetres (default 500 m). */
  sectorOf(point: LonLat, maxMetres = 500): CitySector | null {
    return this.sectorIndex.lookup(point, maxMetres)?.sector ?? null;
  }

  /** Swaps in the sectors after an edit (the map layers reload them on every node); drops the cached basemap. */
  setSectors(sectors: readonly CitySector[]): void {
    this.sectorIndex = new SectorIndex([...sectors]);
    this.sectorById = new Map(sectors.map((s) => [s.id, s]));
    this.basemapJson = null;
  }

  sectors(): CitySector[] {
    return [...this.sectorById.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  sector(id: number): CitySector | null {
    return this.sectorById.get(id) ?? null;
  }

  /** Places, by name, optionally of one category and matching a search (name, street, cuisine; accents ignored). */
  places(category?: PlaceCategory, search?: string): CityPlace[] {
    const needle = search ? foldText(search.trim()) : '';
    const saved =
      !category || category === 'location'
        ? this.saved.filter((l) => !needle || l.folded.includes(needle)).map((l) => l.place)
        : [];
    if (category === 'location') return saved;
    const imported = this.placeList.filter(
      (p, i) => (!category || p.category === category) && (!needle || this.folded[i].includes(needle)),
    );
    return saved.length ? [...saved, ...imported] : imported;
  }

  /** The nearest place (optionally of one category) and its straight-line distance in metres. */
  nearestPlace(point: LonLat, category?: PlaceCategory): { place: CityPlace; metres: number } | null {
    let best: { place: CityPlace; metres: number } | null = null;
    for (const place of this.placeList) {
      if (category && place.category !== category) continue;
      const metres = haversine(point, [place.lng, place.lat]);
      if (!best || metres < best.metres) best = { place, metres };
    }
    return best;
  }
}
