import type { ServerModule } from '../module';
import { ratingsRoutes } from './routes';
import { RatingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ride ratings: the apps rate a finished ride, the console reads them. */
    ratings: RatingService;
  }
}

/** Ride ratings with the causes of the /rating_causes catalogue (after bookings: a rating needs a finished ride). */
export const ratingsModule: ServerModule = {
  name: 'ratings',
  setup(app) {
    app.decorate('ratings', new RatingService({ db: app.db, clock: app.clock }));
  },
  routes: ratingsRoutes,
};
