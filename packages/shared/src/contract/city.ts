import { z } from 'zod';
import { envelope, pageEnvelope, refSchema } from './envelope';

export const cityPlaceSchema = z
  .object({
    id: z.number(),
    osm_id: z.number(),
    name: z.string(),
    category: z.string(),
    /**
     * 'location': a row of the locations catalogue; 'destination': a seasonal destination of the current season
     * (then `id` is that row's id, not a city place's).
     */
    source: z.enum(['place', 'location', 'destination']).default('place'),
    lat: z.number(),
    lng: z.number(),
    addr_street: z.string().nullable(),
    stars: z.number().nullable(),
    cuisine: z.string().nullable(),
    sector_id: z.number().nullable(),
    sector_name: z.string().nullable(),
  })
  .meta({ id: 'CityPlace' });

export const latLngSchema = z.object({ lat: z.number(), lng: z.number() });

export const cityContract = {
  places: pageEnvelope(cityPlaceSchema),
  sectors: envelope(z.array(refSchema)),
  /** `{"data": <GeoJSON FeatureCollection>}`, written pre-serialized by the server. */
  basemap: envelope(z.looseObject({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })),
  route: envelope(
    z.object({
      seconds: z.number(),
      metres: z.number(),
      kind: z.enum(['graph', 'straight']),
      route: z.array(latLngSchema),
    }),
  ),
};
