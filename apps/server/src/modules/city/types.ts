import type { LonLat, PolygonGeometry } from '@taxi/shared/geo';

export const PLACE_CATEGORIES = ['hotel', 'restaurant', 'landmark', 'station', 'hospital'] as const;
/** What the place pickers filter by: the imported categories, and the locations catalogue. */
export const PLACE_QUERY_CATEGORIES = [...PLACE_CATEGORIES, 'location'] as const;
export type PlaceCategory = (typeof PLACE_QUERY_CATEGORIES)[number];

export interface RoadRecord {
  osm_id: number;
  name: string | null;
  highway: string;
  /** 'yes' = only along the coordinates, '-1' = only against them, 'no' = both ways. */
  oneway: 'yes' | 'no' | '-1';
  /** km/h, null when absent or unparseable */
  maxspeed: number | null;
  junction: string | null;
  coordinates: LonLat[];
}

export interface PlaceRecord {
  osm_id: number;
  name: string;
  category: PlaceCategory;
  lon: number;
  lat: number;
  addr_street: string | null;
  stars: number | null;
  cuisine: string | null;
}

export interface SectorRecord {
  name: string;
  osm_id: number | null;
  geometry: PolygonGeometry;
}

export interface CityData {
  roads: RoadRecord[];
  places: PlaceRecord[];
  sectors: SectorRecord[];
  warnings: string[];
}

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

/** km/h from an OSM maxspeed value ("50", "30 mph", "none", "walk"...). */
export function parseMaxspeed(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(mph)?/i.exec(value);
  if (!m) return value.trim() === 'walk' ? 5 : null;
  const n = Number(m[1]);
  if (!(n > 0)) return null;
  return m[2] ? Math.round(n * 1.609344) : n;
}

export function parseOneway(oneway: unknown, junction: unknown, highway?: unknown): RoadRecord['oneway'] {
  const v = typeof oneway === 'string' ? oneway.trim().toLowerCase() : oneway;
  if (v === 'yes' || v === 'true' || v === '1' || v === true) return 'yes';
  if (v === '-1' || v === 'reverse') return '-1';
  if (v === 'no' || v === 'false' || v === '0' || v === false) return 'no';
  if (junction === 'roundabout' || junction === 'circular') return 'yes';
  if (highway === 'motorway') return 'yes';
  return 'no';
}

export function parseStars(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d)/.exec(value);
  return m ? Number(m[1]) : null;
}

export function emptyToNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  return s === '' ? null : s;
}
