import type { ServerModule } from '../module';
import { fleetRoutes } from './routes';
import { FleetRules } from './rules';
import { FleetService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vehicle types and zones of each service, cached for the dispatcher and the booking checks. */
    fleetRules: FleetRules;
    /** /services/{id}/cars and /services/{id}/locations. */
    fleet: FleetService;
  }
}

export const fleetModule: ServerModule = {
  name: 'fleet',
  setup(app) {
    const rules = new FleetRules(app.db);
    app.decorate('fleetRules', rules).decorate('fleet', new FleetService({ db: app.db, rules }));
  },
  routes: fleetRoutes,
};
