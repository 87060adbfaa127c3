import {
  BOOKING_POINT_ROLES,
  cataloguePolicy,
  geoContract as contract,
  dbId,
  featureCollectionSchema,
  GEO_FILE_LAYERS,
  GEO_MSG,
  geoPolicy,
  RESOURCE_MSG,
} from '@taxi/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { captains } from '../../db/schema';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { replies } from '../../http/schema';
import { loadBindings } from '../resources/registry';
import { ResourceService } from '../resources/service';
import { exportLayer, importLayer } from './layers';
import { supplyDemand } from './supply-demand';

const coordinate = (max: number) =>
  z.coerce.number({ error: GEO_MSG.outOfRange }).min(-max, GEO_MSG.outOfRange).max(max, GEO_MSG.outOfRange);
const pointQuery = z.object({ lon: coordinate(180), lat: coordinate(90) });
const checkQuery = pointQuery.extend({
  role: z.enum(BOOKING_POINT_ROLES),
  service_id: z.coerce.number().int().positive().optional(),
});
const layerParams = z.object({ layer: z.enum(GEO_FILE_LAYERS, { error: GEO_MSG.unknownLayer }) });
const idParams = z.object({ id: dbId() });
const saveQuery = z.object({ replace: z.stringbool().default(false) });

/**
 * GET geo/lookup and geo/check (a point against every layer), GET/PUT geo/layers/:layer (GeoJSON in and
 * out, for the map and GeoJSON editors) and GET stations/:id/queue.
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = new Map(
    (await loadBindings())
      .filter((b) => (GEO_FILE_LAYERS as readonly string[]).includes(b.declaration.key))
      .map((b) => [b.declaration.key, new ResourceService(app.db, b, app)]),
  );
  const layerService = (layer: string) => {
    const service = services.get(layer);
    if (!service) throw new HttpError(404, GEO_MSG.unknownLayer);
    return service;
  };

  app.get(
    '/geo/lookup',
    { config: { policy: geoPolicy.lookup }, schema: replies(contract.lookup, { querystring: pointQuery }) },
    async (request) => ok(await app.geo.lookup([request.query.lon, request.query.lat])),
  );

  app.get(
    '/geo/check',
    { config: { policy: geoPolicy.check }, schema: replies(contract.check, { querystring: checkQuery }) },
    async (request) => {
      const q = request.query;
      return ok(app.geo.check([q.lon, q.lat], q.role, q.service_id ?? null));
    },
  );

  app.get(
    '/geo/layers/:layer',
    { config: { policy: geoPolicy.readLayer }, schema: replies(contract.layer, { params: layerParams }) },
    async (request) => {
      const service = layerService(request.params.layer);
      authorize(request, cataloguePolicy(service.def).read);
      return ok(await exportLayer(request.params.layer, service, app.db));
    },
  );

  app.put(
    '/geo/layers/:layer',
    {
      config: { policy: geoPolicy.writeLayer },
      schema: replies(contract.saved, { params: layerParams, querystring: saveQuery, body: featureCollectionSchema }),
    },
    async (request) => {
      const service = layerService(request.params.layer);
      authorize(request, cataloguePolicy(service.def).write);
      const { layer } = request.params;
      const saved = await importLayer(layer, service, request.body, request.user, app.db, request.query.replace);
      return ok(saved, RESOURCE_MSG.updated);
    },
  );

  app.get(
    '/geo/supply-demand',
    { config: { policy: geoPolicy.supplyDemand }, schema: replies(contract.supplyDemand) },
    async () => ok(await supplyDemand({ db: app.db, clock: app.clock, geo: app.geo, positions: app.positions })),
  );

  app.get(
    '/stations/:id/queue',
    { config: { policy: geoPolicy.stationQueue }, schema: replies(contract.stationQueue, { params: idParams }) },
    async (request) => {
      const station = app.geo.station(request.params.id);
      if (!station) throw new HttpError(404, RESOURCE_MSG.notFound);
      const queue = app.stationQueues.queue(station.id);
      const ids = queue.map((e) => e.captainId);
      const names = new Map(
        ids.length
          ? (
              await app.db
                .select({ id: captains.id, first: captains.firstName, last: captains.lastName })
                .from(captains)
                .where(inArray(captains.id, ids))
            ).map((c) => [c.id, `${c.first} ${c.last}`])
          : [],
      );
      return ok({
        station_id: station.id,
        captains: queue.map((e) => ({
          captain_id: e.captainId,
          name: names.get(e.captainId) ?? `#${e.captainId}`,
          since: new Date(e.since).toISOString(),
        })),
      });
    },
  );
};
