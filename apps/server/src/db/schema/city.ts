import type { LonLat, PolygonGeometry } from '@taxi/shared/geo';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

// City data imported from OpenStreetMap (© OpenStreetMap contributors, ODbL). No PostGIS: geometries are
// GeoJSON coordinates in jsonb and the spatial work happens in memory (modules/city).

export const sectors = pgTable('sectors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  osmId: bigint('osm_id', { mode: 'number' }),
  geometry: jsonb('geometry').$type<PolygonGeometry>().notNull(),
  centroidLon: doublePrecision('centroid_lon').notNull(),
  centroidLat: doublePrecision('centroid_lat').notNull(),
});

export const streets = pgTable('streets', {
  id: serial('id').primaryKey(),
  osmId: bigint('osm_id', { mode: 'number' }).notNull().unique(),
  name: text('name'),
  highway: text('highway').notNull(),
  /** 'yes' | 'no' | '-1' (roundabouts are stored as 'yes') */
  oneway: text('oneway').notNull().default('no'),
  /** km/h */
  maxspeed: integer('maxspeed'),
  junction: text('junction'),
  coordinates: jsonb('coordinates').$type<LonLat[]>().notNull(),
});

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    osmId: bigint('osm_id', { mode: 'number' }).notNull().unique(),
    name: text('name').notNull(),
    /** hotel | restaurant | landmark | station | hospital */
    category: text('category').notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    addrStreet: text('addr_street'),
    stars: integer('stars'),
    cuisine: text('cuisine'),
    sectorId: integer('sector_id').references(() => sectors.id, { onDelete: 'set null' }),
  },
  (t) => [index('places_category_idx').on(t.category)],
);
