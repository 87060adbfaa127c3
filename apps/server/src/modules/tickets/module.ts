import type { ServerModule } from '../module';
import { ticketsDevRoutes } from './dev-routes';
import { ticketsExportRoutes } from './export';
import { registerTicketHandlers } from './handlers';
import { ticketsRoutes } from './routes';
import { TicketService } from './service';

/** Tickets: the follow-up form, the apps' tickets, the new-ticket queue, monitoring and the ticket page. */
export const ticketsModule: ServerModule = {
  name: 'tickets',
  setup(app) {
    app.decorate('tickets', new TicketService({ db: app.db, clock: app.clock, bus: app.events }));
  },
  handlers: registerTicketHandlers,
  async routes(app) {
    await app.register(ticketsRoutes);
    await app.register(ticketsExportRoutes);
    await app.register(ticketsDevRoutes);
  },
};
