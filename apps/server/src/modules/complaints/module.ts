import type { ServerModule } from '../module';
import { complaintsExportRoutes } from './export';
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
  async routes(app) {
    await app.register(complaintsRoutes);
    await app.register(complaintsExportRoutes);
  },
};
