import type { EventName } from '../../events';
import type { ServerModule } from '../module';
import { refreshAggregates } from './maintain';
import { reportsRoutes } from './routes';
import { ReportsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard, monitor and statistics, and the aggregates' rebuild. */
    reports: ReportsService;
  }
}

/** Events after which a booking's contribution to the aggregates may have changed. */
const BOOKING_CHANGES = [
  'booking.created',
  'booking.statusChanged',
  'booking.updated',
  'booking.timeChanged',
] as const satisfies readonly EventName[];

/**
 * Reports: booking aggregates kept in the changing transaction (once per booking and transaction, after
 * the command's work), and the dashboard, monitor and statistics read from them.
 */
export const reportsModule: ServerModule = {
  name: 'reports',
  setup(app) {
    app.decorate(
      'reports',
      new ReportsService({
        db: app.db,
        positions: app.positions,
        now: () => app.clock.now(),
        voice: !!app.config.voice,
      }),
    );
  },
  handlers(bus) {
    const seen = new WeakMap<object, Set<number>>();
    for (const name of BOOKING_CHANGES) {
      bus.within(name, async ({ bookingId }, tx) => {
        const done = seen.get(tx) ?? new Set<number>();
        seen.set(tx, done);
        if (done.has(bookingId)) return;
        done.add(bookingId);
        await refreshAggregates(tx, [bookingId]);
      });
    }
  },
  routes: reportsRoutes,
};
