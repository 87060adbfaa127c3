import {
  BOOKING_MSG,
  captainBookingParams,
  captainCancelBody,
  captainStepBody,
  captainContract as contract,
  captainAppPolicy as policy,
} from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captainCancellationReasons } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validationError } from '../../../http/errors';
import { replies } from '../../../http/schema';
import { currentRides, insideFence, ownBooking, rideOf } from '../queries';
import { runOnce } from '../steps';
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
    async () =>
      ok(
        await app.db
          .select({ id: captainCancellationReasons.id, text: captainCancellationReasons.text })
          .from(captainCancellationReasons)
          .orderBy(asc(captainCancellationReasons.id)),
      ),
  );

  app.post(
    '/captain-app/bookings/:id/step',
    {
      config: { policy: policy.work },
      schema: replies(contract.ride, { params: captainBookingParams, body: captainStepBody }),
    },
    async (request) => {
      const captainId = signedInCaptain(request).id;
      const bookingId = request.params.id;
      const { step_id, lon, lat } = request.body;
      const booking = await ownBooking(app.db, captainId, bookingId);
      const answer = await runOnce(app, captainId, step_id, bookingId, 'step', async () => {
        const at: LonLat | undefined = lon !== undefined && lat !== undefined ? [lon, lat] : undefined;
        const moved = await app.bookings.captainStep(captainId, bookingId, at);
        // At the pickup: the geofence is entered if the positions have not entered it already.
        if (moved.status === 'ARRIVED' && !(await insideFence(app.db, bookingId, captainId))) {
          await app.bookings.geofence(bookingId, captainId, 'enter');
        }
        return rideOf(app.db, captainId, booking.id);
      });
      return ok(answer);
    },
  );

  app.post(
    '/captain-app/bookings/:id/cancel',
    {
      config: { policy: policy.work },
      schema: replies(contract.ride, { params: captainBookingParams, body: captainCancelBody }),
    },
    async (request) => {
      const captainId = signedInCaptain(request).id;
      const bookingId = request.params.id;
      const { step_id, reason_id } = request.body;
      await ownBooking(app.db, captainId, bookingId);
      const [reason] = await app.db
        .select({ id: captainCancellationReasons.id })
        .from(captainCancellationReasons)
        .where(eq(captainCancellationReasons.id, reason_id));
      if (!reason) throw validationError('reason_id', BOOKING_MSG.unknownReason);
      const answer = await runOnce(app, captainId, step_id, bookingId, 'cancel', async () => {
        await app.bookings.captainCancel(captainId, bookingId, reason_id);
        if (await insideFence(app.db, bookingId, captainId)) await app.bookings.geofence(bookingId, captainId, 'leave');
        return rideOf(app.db, captainId, bookingId);
      });
      return ok(answer);
    },
  );
};
