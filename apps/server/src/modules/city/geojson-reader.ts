import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LonLat, PolygonGeometry } from '@taxi/shared/geo';
import { z } from 'zod';
import {
  type CityData,
  emptyToNull,
  PLACE_CATEGORIES,
  type PlaceRecord,
  parseMaxspeed,
  parseOneway,
  parseStars,
  type RoadRecord,
  type SectorRecord,
} from './types';

const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());
const ring = z.array(lonLat).min(4);
const polygon = z.array(ring).min(1);

const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
});

const osmId = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const optText = z.union([z.string(), z.number()]).nullish();

const roadFeature = z.object({
  type: z.literal('Feature'),
  properties: z.looseObject({
    osm_id: osmId,
    highway: z.string().min(1),
    name: z.string().nullish(),
    oneway: optText,
    maxspeed: optText,
    junction: z.string().nullish(),
  }),
  geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(lonLat).min(2) }),
});

const placeFeature = z.object({
  type: z.literal('Feature'),
  properties: z.looseObject({
    osm_id: osmId,
    name: z.string().trim().min(1),
    category: z.enum(PLACE_CATEGORIES),
    addr_street: z.string().nullish(),
    stars: optText,
    cuisine: z.string().nullish(),
  }),
  geometry: z.object({ type: z.literal('Point'), coordinates: lonLat }),
});

const sectorFeature = z.object({
  type: z.literal('Feature'),
  properties: z.looseObject({ name: z.string().trim().min(1), osm_id: osmId.nullish() }),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygon }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1) }),
  ]),
});

const pos = (c: number[]): LonLat => [c[0], c[1]];

export function parseRoads(json: unknown, warnings: string[] = []): RoadRecord[] {
  const out: RoadRecord[] = [];
  eachFeature(json, 'roads', warnings, (f, i) => {
    const r = roadFeature.safeParse(f);
    if (!r.success) return warn(warnings, 'roads', i, r.error);
    const p = r.data.properties;
    out.push({
      osm_id: p.osm_id,
      name: emptyToNull(p.name),
      highway: p.highway,
      oneway: parseOneway(p.oneway == null ? undefined : String(p.oneway), p.junction, p.highway),
      maxspeed: parseMaxspeed(p.maxspeed == null ? undefined : String(p.maxspeed)),
      junction: emptyToNull(p.junction),
      coordinates: r.data.geometry.coordinates.map(pos),
    });
  });
  return out;
}

export function parsePlaces(json: unknown, warnings: string[] = []): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  eachFeature(json, 'places', warnings, (f, i) => {
    const r = placeFeature.safeParse(f);
    if (!r.success) return warn(warnings, 'places', i, r.error);
    const p = r.data.properties;
    const [lon, lat] = r.data.geometry.coordinates;
    out.push({
      osm_id: p.osm_id,
      name: p.name,
      category: p.category,
      lon,
      lat,
      addr_street: emptyToNull(p.addr_street),
      stars: parseStars(p.stars),
      cuisine: emptyToNull(p.cuisine),
    });
  });
  return out;
}

export function parseSectors(json: unknown, warnings: string[] = []): SectorRecord[] {
  const out: SectorRecord[] = [];
  eachFeature(json, 'sectors', warnings, (f, i) => {
    const r = sectorFeature.safeParse(f);
    if (!r.success) return warn(warnings, 'sectors', i, r.error);
    const g = r.data.geometry;
    const geometry: PolygonGeometry =
      g.type === 'Polygon'
        ? { type: 'Polygon', coordinates: g.coordinates.map((rg) => rg.map(pos)) }
        : { type: 'MultiPolygon', coordinates: g.coordinates.map((pl) => pl.map((rg) => rg.map(pos))) };
    out.push({ name: r.data.properties.name, osm_id: r.data.properties.osm_id ?? null, geometry });
  });
  return out;
}

/** Reads roads.geojson, places.geojson and sectors.geojson of a folder. Missing files give empty lists. */
export async function readGeojsonFolder(folder: string): Promise<CityData> {
  const warnings: string[] = [];
  const load = async (name: string): Promise<unknown> => {
    try {
      return JSON.parse(await readFile(path.join(folder, name), 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        warnings.push(`${name}: not found`);
        return { type: 'FeatureCollection', features: [] };
      }
      throw new Error(`${name}: ${(err as Error).message}`);
    }
  };
  const [roads, places, sectors] = await Promise.all([
    load('roads.geojson'),
    load('places.geojson'),
    load('sectors.geojson'),
  ]);
  return {
    roads: parseRoads(roads, warnings),
    places: parsePlaces(places, warnings),
    sectors: parseSectors(sectors, warnings),
    warnings,
  };
}

function eachFeature(json: unknown, what: string, warnings: string[], fn: (f: unknown, i: number) => void): void {
  const fc = featureCollection.safeParse(json);
  if (!fc.success) {
    warnings.push(`${what}: not a GeoJSON FeatureCollection`);
    return;
  }
  fc.data.features.forEach(fn);
}

function warn(warnings: string[], what: string, i: number, error: z.ZodError): void {
  const issue = error.issues[0];
  warnings.push(`${what}: feature ${i} skipped (${issue?.path.join('.') || '-'}: ${issue?.message ?? 'invalid'})`);
}
