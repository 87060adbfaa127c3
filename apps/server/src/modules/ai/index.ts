import { can, EVENTS } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { AiService } from '../../dispatch/ai/service';
import { HttpError } from '../../http/errors';

export { aiRoutes } from './routes';

/**
 * The AI service wired to the app: captains' live states follow their bookings, and a console's
 * Ai:pass_booking (its popup reached zero) dispatches once.
 */
export function createAi(app: FastifyInstance): AiService {
  const ai = new AiService({
    db: app.db,
    realtime: app.realtime,
    bookings: app.bookings,
    engine: app.dispatchEngine,
    locations: app.locations,
    city: app.city,
    users: app.users,
    log: app.log,
  });
  app.bookings.onCaptainState = (captainId, state) => {
    app.locations.setState(captainId, state).catch((e) => app.log.warn(e, 'captain state update failed'));
  };
  app.realtime.io.on('connection', (socket) => {
    socket.on(EVENTS.aiPassBooking, (payload) => {
      const user = socket.data.user;
      const bookingId = Number(payload?.booking_id);
      if (!user || !Number.isInteger(bookingId) || bookingId <= 0 || !can(user.permissions, 'DISPATCHING')) return;
      ai.pass(bookingId, user, 'client').catch((error) => {
        // Several consoles reach zero together: only the first dispatches, the others get a 409 here.
        if (!(error instanceof HttpError)) app.log.warn(error, 'Ai:pass_booking failed');
      });
    });
  });
  app.addHook('onClose', async () => ai.stop());
  return ai;
}
