import type { ServerModule } from '../module';
import { bookingsDevRoutes } from './dev-routes';
import { bookingsExportRoutes } from './export';
import { registerBookingHandlers } from './handlers';
import { bookingsRoutes } from './routes';
import { BookingService } from './service';

/** Bookings: console, captain-app, passenger-app and offer commands, their events and timers. */
export const bookingsModule: ServerModule = {
  name: 'bookings',
  setup(app) {
    app.decorate(
      'bookings',
      new BookingService({
        db: app.db,
        clock: app.clock,
        bus: app.events,
        city: app.city,
        fares: app.fares,
        config: app.dispatchConfig,
        fleet: app.fleetRules,
        geo: app.geo,
      }),
    );
  },
  handlers: (bus, app) =>
    registerBookingHandlers(bus, { ...app.bookings.deps, realtime: app.realtime, jobs: app.jobs }),
  routes: async (app) => {
    await app.register(bookingsRoutes);
    await app.register(bookingsExportRoutes);
    await app.register(bookingsDevRoutes);
  },
};
