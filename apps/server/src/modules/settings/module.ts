import type { ServerModule } from '../module';
import { settingsRoutes } from './routes';
import { SettingsService } from './service';

export const settingsModule: ServerModule = {
  name: 'settings',
  setup(app) {
    app.decorate('settings', new SettingsService(app.db, app.clock));
  },
  routes: settingsRoutes,
};
