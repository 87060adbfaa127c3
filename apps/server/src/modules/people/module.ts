import type { ServerModule } from '../module';
import { CaptainService } from './captains';
import { peopleExportRoutes } from './export';
import { PassengerService } from './passengers';
import { peopleRoutes } from './routes';

export const peopleModule: ServerModule = {
  name: 'people',
  setup(app) {
    app.decorate('passengers', new PassengerService(app.db, app.realtime, app.files, app.clock, app.events));
    app.decorate('captains', new CaptainService(app.db, app.clock));
  },
  routes: async (app) => {
    await app.register(peopleRoutes);
    await app.register(peopleExportRoutes);
  },
};
