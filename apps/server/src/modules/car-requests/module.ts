import type { ServerModule } from '../module';
import { carRequestsRoutes } from './routes';
import { CarRequestService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    carRequests: CarRequestService;
  }
}

/** Captains' requests to add or change a car, decided by the staff. */
export const carRequestsModule: ServerModule = {
  name: 'car-requests',
  setup(app) {
    app.decorate('carRequests', new CarRequestService({ db: app.db, clock: app.clock, inbox: app.inbox }));
  },
  routes: carRequestsRoutes,
};
