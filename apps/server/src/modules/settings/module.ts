import type { ServerModule } from '../module';
import { DispatchConfig } from './dispatch-config';
import { settingsRoutes } from './routes';
import { SettingsService } from './service';

export const settingsModule: ServerModule = {
  name: 'settings',
  setup(app) {
    const settings = new SettingsService(app.db, app.clock);
    app.decorate('settings', settings);
    app.decorate('dispatchConfig', new DispatchConfig(settings));
  },
  routes: settingsRoutes,
};
