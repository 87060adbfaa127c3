import type { ServerModule } from '../module';
import { ledgerRoutes } from './routes';
import { LedgerService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captain and passenger accounts (the ledger). */
    ledger: LedgerService;
  }
}

export const ledgerModule: ServerModule = {
  name: 'ledger',
  setup(app) {
    app.decorate('ledger', new LedgerService(app.db, app.clock));
  },
  routes: ledgerRoutes,
};
