import {
  captainCapabilitiesBody,
  captainPolicy,
  fleetContract as contract,
  dbId,
  FLEET_MSG,
  fleetPolicy,
  serviceCarsBody,
  serviceLocationsBody,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });

/** Which vehicle types may serve a service, and the zones where it runs. */
export const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/services/:id/cars',
    { config: { policy: fleetPolicy.read }, schema: replies(contract.cars, { params: idParams }) },
    async (request) => ok(await app.fleet.cars(request.params.id)),
  );

  app.put(
    '/services/:id/cars',
    {
      config: { policy: fleetPolicy.write },
      schema: replies(contract.cars, { params: idParams, body: serviceCarsBody }),
    },
    async (request) =>
      ok(await app.fleet.saveCars(request.params.id, request.body.vehicle_type_ids), FLEET_MSG.carsSaved),
  );

  app.get(
    '/services/:id/locations',
    { config: { policy: fleetPolicy.read }, schema: replies(contract.locations, { params: idParams }) },
    async (request) => ok(await app.fleet.locations(request.params.id)),
  );

  app.put(
    '/services/:id/locations',
    {
      config: { policy: fleetPolicy.write },
      schema: replies(contract.locations, { params: idParams, body: serviceLocationsBody }),
    },
    async (request) =>
      ok(await app.fleet.saveLocations(request.params.id, request.body.sector_ids), FLEET_MSG.locationsSaved),
  );

  app.get(
    '/captain/:id/capabilities',
    { config: { policy: captainPolicy.read }, schema: replies(contract.capabilities, { params: idParams }) },
    async (request) => ok(await app.fleet.capabilities(request.params.id)),
  );

  app.put(
    '/captain/:id/capabilities',
    {
      config: { policy: captainPolicy.change },
      schema: replies(contract.capabilities, { params: idParams, body: captainCapabilitiesBody }),
    },
    async (request) =>
      ok(await app.fleet.saveCapabilities(request.params.id, request.body.capabilities), FLEET_MSG.capabilitiesSaved),
  );
};
