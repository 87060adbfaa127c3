import type { ServerModule } from '../module';
import { complaintsRoutes } from './routes';
import { ComplaintService } from './service';

export const complaintsModule: ServerModule = {
  name: 'complaints',
  setup(app) {
    app.decorate(
      'complaints',
      new ComplaintService({
        db: app.db,
        storage: app.files.storage,
        clock: app.clock,
        bus: app.events,
        uploadMaxBytes: app.config.uploadMaxBytes,
      }),
    );
  },
  routes: complaintsRoutes,
};
