import type { ServerModule } from '../module';
import { EventReportService } from './report';
import { eventsRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bookings around the city events, and today's events for the live map. */
    eventReports: EventReportService;
  }
}

/** City events beside their catalogue: the report and the live map's layer. */
export const eventsModule: ServerModule = {
  name: 'events',
  setup(app) {
    app.decorate('eventReports', new EventReportService({ db: app.db, clock: app.clock }));
  },
  routes: eventsRoutes,
};
