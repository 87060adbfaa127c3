import type { ServerModule } from '../module';
import { timelineRoutes } from './routes';

/** The audit trail as a live stream (/timeline) and a booking's story on one time axis. */
export const timelineModule: ServerModule = { name: 'timeline', routes: timelineRoutes };
