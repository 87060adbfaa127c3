import { dataDirSecret } from '../../lib/secret';
import type { ServerModule } from '../module';
import { UserService } from '../users/service';
import { PasswordResetService } from './password-reset';
import { passwordResetRoutes } from './password-reset-routes';
import { authRoutes } from './routes';
import { AuthService } from './service';

/** Sign-in, sessions, password reset by e-mail and the signed-in user's own state (online, AI status). */
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
    app.decorate(
      'passwordResets',
      new PasswordResetService({ db: app.db, config, mailer: app.mailer, log: app.log, clock: app.clock }),
    );
    app.addHook('onClose', () => app.passwordResets.idle());
    app.decorate('users', new UserService(app.db, app.realtime, app.clock));
  },
  routes: async (app) => {
    await app.register(authRoutes);
    await app.register(passwordResetRoutes);
  },
};
