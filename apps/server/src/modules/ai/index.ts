import { aiPolicy, EVENTS } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import type { ServerModule } from '../module';
import type { AiDeps } from './context';
import { registerAiHandlers } from './handlers';
import { aiRoutes } from './routes';
import { AiService } from './service';

export { aiRoutes } from './routes';
export { AI_ACTOR, AiService } from './service';

const aiDeps = (app: FastifyInstance): AiDeps => ({
  db: app.db,
  clock: app.clock,
  bus: app.events,
  realtime: app.realtime,
  bookings: app.bookings,
  engine: app.dispatchEngine,
  locations: app.locations,
  city: app.city,
  users: app.users,
  config: app.dispatchConfig,
  log: app.log,
});

/** Listens for a console's Ai:pass_booking (its popup reached zero): the first one dispatches, as the AI. */
function listenForPasses(app: FastifyInstance, ai: AiService): void {
  app.realtime.io.on('connection', (socket) => {
    socket.on(EVENTS.aiPassBooking, (payload) => {
      const user = socket.data.user;
      const bookingId = Number(payload?.booking_id);
      if (!user || !Number.isInteger(bookingId) || bookingId <= 0 || !aiPolicy.popups.allows(user)) return;
      ai.pass(bookingId, user, 'client').catch((error) => {
        // Several consoles reach zero together: only the first dispatches, the others get a 409 here.
        if (!(error instanceof HttpError)) app.log.warn(error, 'Ai:pass_booking failed');
      });
    });
  });
}

/** AI-assisted dispatch: offers, suggestions and their popups (after bookings and tracking). */
export const aiModule: ServerModule = {
  name: 'ai',
  setup(app) {
    const ai = new AiService(aiDeps(app));
    app.decorate('ai', ai);
    listenForPasses(app, ai);
    app.addHook('onClose', async () => ai.stop());
  },
  handlers: (bus, app) => registerAiHandlers(bus, app.ai.deps),
  routes: aiRoutes,
};
