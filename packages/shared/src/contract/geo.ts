import { z } from 'zod';
import { supplyDemandSchema } from '../supply-demand';
import { envelope, lonLatTuple, refSchema } from './envelope';

/** The map layers served as GeoJSON (GET/PUT geo/layers/:layer), each a catalogue of its own. */
export const GEO_LAYERS = [
  'sectors',
  'restricted_areas',
  'blacklist_locations',
  'stations',
  'landmarks',
  'locations',
  'seasonal_destinations',
] as const;
export type GeoLayer = (typeof GEO_LAYERS)[number];

/** How a layer's rows are drawn and written as GeoJSON: outlines, points, or either (blacklist locations). */
export const GEO_LAYER_SHAPES: Record<GeoLayer, 'polygon' | 'point' | 'either'> = {
  sectors: 'polygon',
  restricted_areas: 'polygon',
  blacklist_locations: 'either',
  stations: 'point',
  landmarks: 'point',
  locations: 'point',
  seasonal_destinations: 'point',
};

/**
 * Layers that are groups of another layer's rows, imported and exported as GeoJSON beside the drawn ones:
 * an area cluster is the outline of its sectors (a MultiPolygon; on import, `sector_ids` or, without them,
 * the sectors the outline covers), a location container the points of its locations (a MultiPoint, for
 * reading: which container a location is in belongs to the locations layer).
 */
export const GEO_GROUP_LAYERS = ['area_clusters', 'location_containers'] as const;
export type GeoGroupLayer = (typeof GEO_GROUP_LAYERS)[number];
/** Every layer GET/PUT geo/layers/:layer serves. */
export const GEO_FILE_LAYERS = [...GEO_LAYERS, ...GEO_GROUP_LAYERS] as const;
export type GeoFileLayer = (typeof GEO_FILE_LAYERS)[number];
export const isGeoGroupLayer = (layer: string): layer is GeoGroupLayer =>
  (GEO_GROUP_LAYERS as readonly string[]).includes(layer);

/** A refusal or a flag of a point: which layer's row, its name and what the console shows. */
export const geoHitSchema = z
  .object({
    kind: z.enum(['restricted_area', 'blacklist_location']),
    id: z.number().int(),
    name: z.string(),
    /** A blacklist location's reason (null for a restricted area). */
    reason: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'GeoHit' });

/** GET geo/check: whether a booking may start (pickup) or end (dropoff) at a point. */
export const geoCheckSchema = z
  .object({
    allowed: z.boolean(),
    refusals: z.array(geoHitSchema),
    flags: z.array(geoHitSchema),
  })
  .meta({ id: 'GeoCheck' });
export type GeoCheckDto = z.infer<typeof geoCheckSchema>;

export const geoLookupSchema = z
  .object({
    point: lonLatTuple,
    sector: refSchema.nullable(),
    /** The fare engine's zone at the point (the sector holding it). */
    fare_zone: refSchema.nullable(),
    area_clusters: z.array(refSchema),
    restricted_areas: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        applies_to: z.string(),
        refuses_pickup: z.boolean(),
        refuses_dropoff: z.boolean(),
      }),
    ),
    blacklist: z.array(z.object({ id: z.number().int(), name: z.string(), action: z.string(), reason: z.string() })),
    nearest_station: z
      .object({
        id: z.number().int(),
        name: z.string(),
        metres: z.number(),
        inside: z.boolean(),
        queue: z.array(z.number().int()),
      })
      .nullable(),
    services: z.array(z.object({ id: z.number().int(), name: z.string(), runs: z.boolean() })),
  })
  .meta({ id: 'GeoLookup' });
export type GeoLookupDto = z.infer<typeof geoLookupSchema>;

/** A layer as a GeoJSON FeatureCollection: each feature's properties are the row's fields, `id` its id. */
export const featureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.number().int().optional(),
        geometry: z.looseObject({ type: z.string() }),
        properties: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({ id: 'FeatureCollection' });
export type FeatureCollectionDto = z.infer<typeof featureCollectionSchema>;

export const stationQueueSchema = z
  .object({
    station_id: z.number().int(),
    captains: z.array(z.object({ captain_id: z.number().int(), name: z.string(), since: z.string() })),
  })
  .meta({ id: 'StationQueue' });
export type StationQueueDto = z.infer<typeof stationQueueSchema>;

export const geoContract = {
  check: envelope(geoCheckSchema),
  lookup: envelope(geoLookupSchema),
  layer: envelope(featureCollectionSchema),
  saved: envelope(z.object({ created: z.number().int(), updated: z.number().int(), deleted: z.number().int() })),
  stationQueue: envelope(stationQueueSchema),
  supplyDemand: envelope(supplyDemandSchema),
};
