import type { ServerModule } from '../module';
import { BonusService, DAILY_BONUS_JOB } from './bonuses';
import { ledgerRoutes } from './routes';
import { LedgerService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captain and passenger accounts (the ledger). */
    ledger: LedgerService;
    /** The daily bonus job: pays the captains' bonuses earned in a day. */
    bonuses: BonusService;
  }
}

export const ledgerModule: ServerModule = {
  name: 'ledger',
  setup(app) {
    app.decorate('ledger', new LedgerService(app.db, app.clock));
    app.decorate('bonuses', new BonusService(app.db, app.clock, app.jobs));
  },
  handlers(_bus, app) {
    app.jobs.register<{ day: string }>(DAILY_BONUS_JOB, (payload) => app.bonuses.run(payload));
  },
  routes: ledgerRoutes,
};
