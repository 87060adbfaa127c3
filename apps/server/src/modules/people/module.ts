import type { ServerModule } from '../module';
import { PassengerApprovals } from './approvals';
import { CaptainService } from './captains';
import { peopleExportRoutes } from './export';
import { registerPeopleHandlers } from './handlers';
import { PassengerService } from './passengers';
import { peopleRoutes } from './routes';

export const peopleModule: ServerModule = {
  name: 'people',
  setup(app) {
    app.decorate('passengers', new PassengerService(app.db, app.realtime, app.files, app.clock, app.events));
    app.decorate('captains', new CaptainService(app.db, app.clock));
    app.decorate('passengerApprovals', new PassengerApprovals(app.db, app.clock, app.events));
  },
  handlers: registerPeopleHandlers,
  routes: async (app) => {
    await app.register(peopleRoutes);
    await app.register(peopleExportRoutes);
  },
};
