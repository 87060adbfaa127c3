import { dataDirVapidKeys } from '../../lib/vapid';
import type { ServerModule } from '../module';
import { pushRoutes } from './routes';
import { PushService } from './service';

/**
 * Web push: browsers' subscriptions, and every notification pushed to them. Listed after notifications,
 * whose onCreated hook it registers into. The VAPID key pair comes from the environment, else DATA_DIR.
 */
export const pushModule: ServerModule = {
  name: 'push',
  setup(app) {
    const { config } = app;
    const push = new PushService({
      db: app.db,
      log: app.log,
      clock: app.clock,
      keys: config.vapidKeys ?? dataDirVapidKeys(config.dataDir),
      subject: config.vapidSubject,
    });
    app.decorate('push', push);
    app.notifications.onCreated((item, userId) => push.notify(item, userId));
    app.addHook('onClose', async () => {
      await push.idle();
      push.close();
    });
  },
  routes: pushRoutes,
};
