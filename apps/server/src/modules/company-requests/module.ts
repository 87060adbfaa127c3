import type { ServerModule } from '../module';
import { companyRequestRoutes } from './routes';
import { CompanyRequestService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Companies asking to open an account, and their review. */
    companyRequests: CompanyRequestService;
  }
}

export const companyRequestsModule: ServerModule = {
  name: 'company-requests',
  setup(app) {
    app.decorate('companyRequests', new CompanyRequestService({ db: app.db, clock: app.clock }));
  },
  routes: companyRequestRoutes,
};
