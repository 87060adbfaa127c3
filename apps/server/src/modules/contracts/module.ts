import type { ServerModule } from '../module';
import { contractRoutes } from './routes';
import { CaptainContractService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract level each captain signed (its commission is deducted from their rides). */
    captainContracts: CaptainContractService;
  }
}

export const contractsModule: ServerModule = {
  name: 'contracts',
  setup(app) {
    app.decorate('captainContracts', new CaptainContractService({ db: app.db, clock: app.clock }));
  },
  routes: contractRoutes,
};
