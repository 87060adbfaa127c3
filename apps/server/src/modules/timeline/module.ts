import type { ServerModule } from '../module';
import { timelineExportRoutes } from './export';
import { timelineRoutes } from './routes';

/** The audit trail as a live stream (/timeline) and a booking's story on one time axis. */
export const timelineModule: ServerModule = {
  name: 'timeline',
  async routes(app) {
    await app.register(timelineRoutes);
    await app.register(timelineExportRoutes);
  },
};
