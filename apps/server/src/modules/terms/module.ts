import type { ServerModule } from '../module';
import { termsRoutes } from './routes';
import { TermsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Versioned terms and conditions and their acceptance by the apps. */
    terms: TermsService;
  }
}

export const termsModule: ServerModule = {
  name: 'terms',
  setup(app) {
    app.decorate('terms', new TermsService({ db: app.db, clock: app.clock }));
  },
  routes: termsRoutes,
};
