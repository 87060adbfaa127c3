import type { ServerModule } from '../module';
import { airportRoutes } from './routes';
import { AirportService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The airport desk's requests (roles 11 and 12). */
    airport: AirportService;
  }
}

export const airportModule: ServerModule = {
  name: 'airport',
  setup(app) {
    app.decorate('airport', new AirportService({ db: app.db, bookings: app.bookings }));
  },
  routes: airportRoutes,
};
