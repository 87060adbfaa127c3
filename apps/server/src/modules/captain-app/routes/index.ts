import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captainAuthRoutes } from './auth';
import { captainOfferRoutes } from './offers';
import { captainPresenceRoutes } from './presence';
import { captainRideRoutes } from './ride';

/**
 * The captain app's routes (/api/captain-app/...), each file one part of the captain's work. Added in this one
 * plugin (not registered as plugins of their own) so that the API reference lists them under one module.
 */
export const captainAppRoutes: FastifyPluginAsyncZod = async (app, opts) => {
  for (const routes of [captainAuthRoutes, captainPresenceRoutes, captainOfferRoutes, captainRideRoutes]) {
    await routes.call(app, app, opts);
  }
};
