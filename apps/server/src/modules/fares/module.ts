import type { ServerModule } from '../module';
import { faresExportRoutes } from './export';
import { fareRoutes } from './routes';
import { FareService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prices, price rules and quotes from the fare engine. */
    fares: FareService;
  }
}

export const faresModule: ServerModule = {
  name: 'fares',
  setup(app) {
    app.decorate(
      'fares',
      new FareService({ db: app.db, clock: app.clock, city: app.city, settings: app.settings, geo: app.geo }),
    );
  },
  async routes(app) {
    await app.register(fareRoutes);
    await app.register(faresExportRoutes);
  },
};
