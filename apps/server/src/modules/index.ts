import { aiModule } from './ai';
import { authRoutes } from './auth/routes';
import { bookingsModule } from './bookings/module';
import cityRoutes from './city/routes';
import { complaintsRoutes } from './complaints/routes';
import { ComplaintService } from './complaints/service';
import { devRoutes } from './dev/routes';
import { filesRoutes } from './files/routes';
import type { ServerModule } from './module';
import { notificationsRoutes } from './notifications/routes';
import { paymentsRoutes } from './payments/routes';
import { peopleRoutes } from './people/routes';
import { resourcesRoutes } from './resources/routes';
import { rolesRoutes } from './roles/routes';
import { settingsRoutes } from './settings/routes';
import { systemRoutes } from './system/routes';
import { trackingModule } from './tracking';

export type { ServerModule } from './module';

const complaintsModule: ServerModule = {
  name: 'complaints',
  setup(app) {
    app.decorate(
      'complaints',
      new ComplaintService({
        db: app.db,
        storage: app.files.storage,
        clock: app.clock,
        bus: app.events,
        uploadMaxBytes: app.config.uploadMaxBytes,
      }),
    );
  },
  routes: complaintsRoutes,
};

/**
 * The app's modules in order: each one's setup may use the services of those before it (tracking before
 * bookings before the AI). The core services (auth, settings, users, people, files, city) are built by
 * buildApp before any module.
 */
export const MODULES: readonly ServerModule[] = [
  { name: 'system', routes: systemRoutes },
  { name: 'auth', routes: authRoutes },
  { name: 'settings', routes: settingsRoutes },
  { name: 'roles', routes: rolesRoutes },
  { name: 'notifications', routes: notificationsRoutes },
  {
    name: 'city',
    routes: async (api) => {
      await api.register(cityRoutes, { city: api.city });
    },
  },
  trackingModule,
  { name: 'files', routes: filesRoutes },
  { name: 'people', routes: peopleRoutes },
  bookingsModule,
  complaintsModule,
  aiModule,
  { name: 'resources', routes: resourcesRoutes },
  { name: 'payments', routes: paymentsRoutes },
  { name: 'dev', routes: devRoutes, developmentOnly: true },
];
