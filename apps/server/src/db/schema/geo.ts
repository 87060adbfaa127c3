import type { PolygonGeometry } from '@taxi/shared/geo';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { places } from './city';

// The map layers the console edits (issue 15). Geometries are GeoJSON in jsonb (no PostGIS): the spatial
// work happens in memory (modules/geo), rebuilt after every write on every node.

/** Groups of named locations (a hotel's entrances, the port's quays). */
export const locationContainers = pgTable('location_containers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

/** Named points the phone booking offers, optionally in a container. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    containerId: integer('container_id').references(() => locationContainers.id, { onDelete: 'set null' }),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    address: text('address'),
  },
  (t) => [index('locations_container_idx').on(t.containerId)],
);

/** Landmarks with a category and aliases (the pickers search both). */
export const landmarks = pgTable('landmarks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  /** Other names, comma separated. */
  aliases: text('aliases'),
  lon: doublePrecision('lon').notNull(),
  lat: doublePrecision('lat').notNull(),
  /** The imported city place it came from, if any. */
  placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
});

/** Taxi ranks: captains waiting inside the radius queue in arrival order. */
export const stations = pgTable('stations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  lon: doublePrecision('lon').notNull(),
  lat: doublePrecision('lat').notNull(),
  radiusM: integer('radius_m').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * Where pickups, dropoffs or both are refused; allowed only for the listed services (none: no service)
 * and/or inside a daily window (city time, "HH:mm"; none: at no time).
 */
export const restrictedAreas = pgTable('restricted_areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  geometry: jsonb('geometry').$type<PolygonGeometry>().notNull(),
  /** pickup | dropoff | both */
  appliesTo: text('applies_to').notNull(),
  allowedServiceIds: jsonb('allowed_service_ids').$type<number[]>().notNull().default([]),
  allowedFrom: text('allowed_from'),
  allowedTo: text('allowed_to'),
  active: boolean('active').notNull().default(true),
});

/** A point with a radius, or an area, from which bookings are refused or flagged for review. */
export const blacklistLocations = pgTable('blacklist_locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** refuse | flag */
  action: text('action').notNull(),
  reason: text('reason').notNull(),
  lon: doublePrecision('lon'),
  lat: doublePrecision('lat'),
  radiusM: integer('radius_m'),
  geometry: jsonb('geometry').$type<PolygonGeometry>(),
  active: boolean('active').notNull().default(true),
});

/** Groups of sectors (beesline/area_cluster) used by shifts and reports. */
export const areaClusters = pgTable('area_clusters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sectorIds: jsonb('sector_ids').$type<number[]>().notNull().default([]),
});

/** Destinations the console offers per season, with an optional fixed price (euros). */
export const seasonalDestinations = pgTable(
  'seasonal_destinations',
  {
    id: serial('id').primaryKey(),
    season: text('season').notNull(),
    name: text('name').notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    price: doublePrecision('price'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('seasonal_destinations_season_idx').on(t.season)],
);
