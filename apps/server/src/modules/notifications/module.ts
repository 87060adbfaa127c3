import type { ServerModule } from '../module';
import { notificationsRoutes } from './routes';
import { NotificationService } from './service';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  setup(app) {
    app.decorate('notifications', new NotificationService(app.db, app.realtime));
  },
  routes: notificationsRoutes,
};
