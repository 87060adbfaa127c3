import { cityContract, cityPolicy } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQuerySchema, paginateArray } from '../../http/pagination';
import { destinationPlaces } from '../geo/destination-places';
import type { CityService } from './service';
import { PLACE_QUERY_CATEGORIES } from './types';

const placesQuery = pageQuerySchema.extend({
  category: z.enum(PLACE_QUERY_CATEGORIES).optional(),
});

const lonLatParam = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'Expected "lon,lat"')
  .transform((s) => s.split(',').map(Number) as [number, number])
  .refine(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90, 'Coordinates out of range');

const routeQuery = z.object({ from: lonLatParam, to: lonLatParam });

export interface CityRoutesOptions {
  city: CityService;
}

/**
 * GET /api/places, GET /api/sectors, GET /api/city/basemap, GET /api/city/route. Register with `app.register(cityRoutes, { city })`.
 * Map data © OpenStreetMap contributors.
 */
export default async function cityRoutes(plain: FastifyInstance, opts: CityRoutesOptions): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { city } = opts;
  // Places and sectors feed the dispatcher's board and the call centre's phone booking alike.
  const config = { policy: cityPolicy.read };

  app.get(
    '/places',
    {
      config: { policy: cityPolicy.places },
      schema: { querystring: placesQuery, response: { 200: cityContract.places } },
    },
    async (request) => {
      const q = request.query;
      const places = city.places(q.category, q.search).map((p) => ({ ...p, source: p.source ?? 'place' }));
      // The current season's destinations come first where locations are asked for (or everything).
      const seasonal =
        (!q.category || q.category === 'location') && plain.hasDecorator('geo')
          ? destinationPlaces(plain.geo, city, await plain.settings.getSeason(), q.search)
          : [];
      const list = seasonal.length ? [...seasonal, ...places] : places;
      return ok(await paginateArray(list, { page: q.page, perPage: q.perPage, url: request.url }));
    },
  );

  app.get('/sectors', { config, schema: { response: { 200: cityContract.sectors } } }, async () =>
    ok(city.sectors().map(({ id, name }) => ({ id, name }))),
  );

  // Every signed-in console draws maps (tracking, rides, pickers): no permission beyond the session.
  app.get(
    '/city/basemap',
    { config: { policy: cityPolicy.basemap }, schema: { response: { 200: cityContract.basemap } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=3600').type('application/json');
      // Written pre-serialized (the basemap is cached as JSON text): Fastify sends a string as is.
      const body = `{"data":${city.basemap()}}` as unknown as z.output<typeof cityContract.basemap>;
      return body;
    },
  );

  app.get(
    '/city/route',
    { config, schema: { querystring: routeQuery, response: { 200: cityContract.route } } },
    async (request) => {
      const { from, to } = request.query;
      const route = city.route(from, to);
      return ok({
        seconds: Math.round(route.seconds),
        metres: Math.round(route.metres),
        kind: route.kind,
        route: route.coordinates.map(([lng, lat]) => ({ lat, lng })),
      });
    },
  );
}
