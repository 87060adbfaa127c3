import type { ServerModule } from '../module';
import { registerNotificationHandlers } from './handlers';
import { notificationsRoutes } from './routes';
import { NotificationService } from './service';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  setup(app) {
    app.decorate('notifications', new NotificationService(app.db, app.realtime, app.clock));
  },
  handlers(bus, app) {
    registerNotificationHandlers(bus, app.notifications, app.db);
  },
  routes: notificationsRoutes,
};
