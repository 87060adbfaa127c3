import type { LonLat } from '@taxi/shared/geo';
import { createOSMStream } from 'osm-pbf-parser-node';
import {
  type CityData,
  emptyToNull,
  type PlaceCategory,
  type PlaceRecord,
  parseMaxspeed,
  parseOneway,
  parseStars,
  type RoadRecord,
} from './types';

/** highway values a taxi can drive on. */
export const DRIVABLE_HIGHWAYS = new Set([
  'motorway',
  'trunk',
  'primary',
  'secondary',
  'tertiary',
  'unclassified',
  'residential',
  'service',
  'living_street',
  'motorway_link',
  'trunk_link',
  'primary_link',
  'secondary_link',
  'tertiary_link',
]);

type Tags = Record<string, string>;

interface OsmNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
  tags?: Tags;
}
interface OsmWay {
  type: 'way';
  id: number;
  refs: number[];
  tags?: Tags;
}

/**
 * Maps OSM tags to a place category, or null when the feature is not a place a taxi console offers as a
 * pickup or drop-off (cafés, bars, pharmacies, memorials and small gardens are left out, like places.geojson).
 */
export function placeCategory(tags: Tags): PlaceCategory | null {
  const { tourism, amenity, railway, aeroway, leisure, historic } = tags;
  if (tourism === 'hotel' || tourism === 'motel' || tourism === 'guest_house' || tourism === 'hostel') return 'hotel';
  if (amenity === 'restaurant') return 'restaurant';
  if (amenity === 'hospital' || amenity === 'clinic') return 'hospital';
  if (
    railway === 'station' ||
    railway === 'halt' ||
    aeroway === 'heliport' ||
    aeroway === 'aerodrome' ||
    amenity === 'ferry_terminal' ||
    amenity === 'bus_station'
  )
    return 'station';
  if (
    tourism === 'attraction' ||
    tourism === 'museum' ||
    tourism === 'viewpoint' ||
    amenity === 'theatre' ||
    amenity === 'casino' ||
    amenity === 'townhall' ||
    amenity === 'marketplace' ||
    leisure === 'park' ||
    leisure === 'stadium' ||
    leisure === 'marina' ||
    historic === 'castle' ||
    historic === 'palace' ||
    historic === 'monument'
  )
    return 'landmark';
  return null;
}

function toPlace(osmId: number, tags: Tags, at: LonLat): PlaceRecord | null {
  const name = emptyToNull(tags.name);
  const category = name ? placeCategory(tags) : null;
  if (!name || !category) return null;
  return {
    osm_id: osmId,
    name,
    category,
    lon: Math.round(at[0] * 1e6) / 1e6,
    lat: Math.round(at[1] * 1e6) / 1e6,
    addr_street: emptyToNull(tags['addr:street']),
    stars: parseStars(tags.stars),
    cuisine: emptyToNull(tags.cuisine),
  };
}

/**
 * Reads an OpenStreetMap `.osm.pbf` extract: drivable highway ways become roads; named
 * tourism/amenity/railway/aeroway/leisure/historic nodes and ways (at the mean of their nodes) become places.
 * Relations are not assembled: sectors (boundary=administrative) must come from sectors.geojson, and places
 * mapped only as multipolygon relations are not read.
 */
export async function readPbf(file: string): Promise<CityData> {
  const warnings: string[] = [];
  const coords = new Map<number, LonLat>();
  const nodePlaces: PlaceRecord[] = [];
  const ways: OsmWay[] = [];
  for await (const item of createOSMStream(file, { withTags: { relation: false } })) {
    const entity = item as OsmNode | OsmWay | { type?: undefined };
    if (entity.type === 'node') {
      coords.set(entity.id, [entity.lon, entity.lat]);
      if (entity.tags) {
        const place = toPlace(entity.id, entity.tags, [entity.lon, entity.lat]);
        if (place) nodePlaces.push(place);
      }
    } else if (entity.type === 'way' && entity.tags) {
      ways.push(entity);
    }
  }

  const roads: RoadRecord[] = [];
  const wayPlaces: PlaceRecord[] = [];
  for (const way of ways) {
    const tags = way.tags as Tags;
    const line: LonLat[] = [];
    for (const ref of way.refs) {
      const c = coords.get(ref);
      if (c) line.push(c);
    }
    if (tags.highway && DRIVABLE_HIGHWAYS.has(tags.highway) && tags.area !== 'yes') {
      if (line.length < 2) {
        warnings.push(`pbf: way ${way.id} skipped (fewer than 2 known nodes)`);
        continue;
      }
      if (line.length < way.refs.length) warnings.push(`pbf: way ${way.id} clipped (missing nodes)`);
      roads.push({
        osm_id: way.id,
        name: emptyToNull(tags.name),
        highway: tags.highway,
        oneway: parseOneway(tags.oneway, tags.junction, tags.highway),
        maxspeed: parseMaxspeed(tags.maxspeed),
        junction: emptyToNull(tags.junction),
        coordinates: line.map(([lon, lat]) => [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6]),
      });
    } else if (line.length > 0 && tags.name) {
      const ring = line.length > 1 && line[0] === line[line.length - 1] ? line.slice(1) : line;
      const mean: LonLat = [
        ring.reduce((s, c) => s + c[0], 0) / ring.length,
        ring.reduce((s, c) => s + c[1], 0) / ring.length,
      ];
      const place = toPlace(way.id, tags, mean);
      if (place) wayPlaces.push(place);
    }
  }
  // Node and way ids live in different OSM id spaces; keep the first place for a colliding id.
  const places = new Map<number, PlaceRecord>();
  for (const p of [...nodePlaces, ...wayPlaces]) {
    if (places.has(p.osm_id)) warnings.push(`pbf: place ${p.osm_id} (${p.name}) skipped (duplicate osm_id)`);
    else places.set(p.osm_id, p);
  }
  return { roads, places: [...places.values()], sectors: [], warnings };
}
