import type { ServerModule } from '../module';
import { captainAppRoutes } from './routes';

/**
 * The captain app's API: a captain signs in with an SMS code and works with their own session (the auth hook
 * reads captain-app rules, see http/auth.ts signInCaptain). It drives the same services the simulator plays the
 * captains with: locations, the AI's offers and the bookings' captain steps.
 */
export const captainAppModule: ServerModule = { name: 'captain-app', routes: captainAppRoutes };
