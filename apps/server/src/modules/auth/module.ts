import { dataDirSecret } from '../../lib/secret';
import type { ServerModule } from '../module';
import { UserService } from '../users/service';
import { authRoutes } from './routes';
import { AuthService } from './service';

/** Sign-in, sessions and the signed-in user's own state (online, AI status). */
export const authModule: ServerModule = {
  name: 'auth',
  setup(app) {
    const { config } = app;
    app.decorate(
      'auth',
      new AuthService({
        db: app.db,
        config,
        mailer: app.mailer,
        limiter: app.limiter,
        log: app.log,
        chatSecret: config.chatTokenSecret ?? dataDirSecret(config.dataDir),
        clock: app.clock,
      }),
    );
    app.decorate('users', new UserService(app.db, app.realtime, app.clock));
  },
  routes: authRoutes,
};
