import type { ServerModule } from '../module';
import { CaptainContractService } from './contracts';
import { termsRoutes } from './routes';
import { TermsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Versioned terms and conditions and their acceptance by the apps. */
    terms: TermsService;
    /** The contract level each captain signed (its commission is deducted from their rides). */
    captainContracts: CaptainContractService;
  }
}

export const termsModule: ServerModule = {
  name: 'terms',
  setup(app) {
    app.decorate('terms', new TermsService({ db: app.db, clock: app.clock }));
    app.decorate('captainContracts', new CaptainContractService({ db: app.db, clock: app.clock }));
  },
  routes: termsRoutes,
};
