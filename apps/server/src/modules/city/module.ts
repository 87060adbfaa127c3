import type { ServerModule } from '../module';
import cityRoutes from './routes';
import { CityService } from './service';

/** The city in memory (streets for ETAs, sectors, places): given by the caller (tests) or loaded once. */
export const cityModule: ServerModule = {
  name: 'city',
  async setup(app) {
    if (app.hasDecorator('city')) return;
    const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
    app.decorate('city', await CityService.load(app.db, log));
  },
  routes: async (api) => {
    await api.register(cityRoutes, { city: api.city });
  },
};
