import {
  captainBookingParams,
  captainCancelBody,
  captainStepBody,
  captainContract as contract,
  captainAppPolicy as policy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { replies } from '../../../http/schema';
import { currentRides } from '../queries';
import { cancellationReasons, cancelRide, stepRide } from '../ride';
import { signedInCaptain } from './actor';

/**
 * The ride's steps: the current rides, one step forward (APPROVED → ACCEPTED → STARTED → ARRIVED → PICKED_UP →
 * DONE), giving the ride up with a reason. Steps and cancels carry a client step id and are applied once.
 * Another captain's booking is a 404.
 */
export const captainRideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captain-app/rides/current',
    { config: { policy: policy.work }, schema: replies(contract.rides) },
    async (request) => ok(await currentRides(app.db, signedInCaptain(request).id)),
  );

  app.get(
    '/captain-app/cancellation-reasons',
    { config: { policy: policy.own }, schema: replies(contract.cancellationReasons) },
    async () => ok(await cancellationReasons(app)),
  );

  app.post(
    '/captain-app/bookings/:id/step',
    {
      config: { policy: policy.work },
      schema: replies(contract.ride, { params: captainBookingParams, body: captainStepBody }),
    },
    async (request) => ok(await stepRide(app, signedInCaptain(request).id, request.params.id, request.body)),
  );

  app.post(
    '/captain-app/bookings/:id/cancel',
    {
      config: { policy: policy.work },
      schema: replies(contract.ride, { params: captainBookingParams, body: captainCancelBody }),
    },
    async (request) => ok(await cancelRide(app, signedInCaptain(request).id, request.params.id, request.body)),
  );
};
