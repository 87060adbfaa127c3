import type { ServerModule } from '../module';
import { partnerInvoiceRoutes } from './invoice-routes';
import { partnerPickRoutes } from './pick-routes';
import { partnerRoutes } from './routes';
import { PartnerDeskService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The partner desk (hotels, restaurants, companies staff), isolated to their own partner. */
    partnerDesk: PartnerDeskService;
  }
}

export const partnersModule: ServerModule = {
  name: 'partners',
  setup(app) {
    app.decorate('partnerDesk', new PartnerDeskService({ db: app.db, bookings: app.bookings }));
  },
  routes: async (app) => {
    await app.register(partnerRoutes);
    await app.register(partnerInvoiceRoutes);
    await app.register(partnerPickRoutes);
  },
};
