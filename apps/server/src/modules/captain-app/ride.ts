import { BOOKING_MSG, type CaptainRideDto } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { captainCancellationReasons } from '../../db/schema';
import { validationError } from '../../http/errors';
import { insideFence, ownBooking, rideOf } from './queries';
import { runOnce } from './steps';

/** The captain cancellation reasons (the spec's list), for the app's cancel dialog. */
export function cancellationReasons(app: FastifyInstance) {
  return app.db
    .select({ id: captainCancellationReasons.id, text: captainCancellationReasons.text })
    .from(captainCancellationReasons)
    .orderBy(asc(captainCancellationReasons.id));
}

/**
 * One step forward of the captain's own booking, once per client step id: at the pickup the geofence is entered
 * if the positions have not entered it already.
 */
export async function stepRide(
  app: FastifyInstance,
  captainId: number,
  bookingId: number,
  { step_id, lon, lat }: { step_id: string; lon?: number; lat?: number },
): Promise<CaptainRideDto> {
  await ownBooking(app.db, captainId, bookingId);
  return runOnce(app, captainId, step_id, bookingId, 'step', async () => {
    const at: LonLat | undefined = lon !== undefined && lat !== undefined ? [lon, lat] : undefined;
    const moved = await app.bookings.captainStep(captainId, bookingId, at);
    if (moved.status === 'ARRIVED' && !(await insideFence(app.db, bookingId, captainId))) {
      await app.bookings.geofence(bookingId, captainId, 'enter');
    }
    return rideOf(app.db, captainId, bookingId);
  });
}

/** The captain gives their own booking up with a reason of the list (422 for another), once per client step id. */
export async function cancelRide(
  app: FastifyInstance,
  captainId: number,
  bookingId: number,
  { step_id, reason_id }: { step_id: string; reason_id: number },
): Promise<CaptainRideDto> {
  await ownBooking(app.db, captainId, bookingId);
  const [reason] = await app.db
    .select({ id: captainCancellationReasons.id })
    .from(captainCancellationReasons)
    .where(eq(captainCancellationReasons.id, reason_id));
  if (!reason) throw validationError('reason_id', BOOKING_MSG.unknownReason);
  return runOnce(app, captainId, step_id, bookingId, 'cancel', async () => {
    await app.bookings.captainCancel(captainId, bookingId, reason_id);
    if (await insideFence(app.db, bookingId, captainId)) await app.bookings.geofence(bookingId, captainId, 'leave');
    return rideOf(app.db, captainId, bookingId);
  });
}
