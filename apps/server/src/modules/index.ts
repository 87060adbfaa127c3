import { aiModule } from './ai';
import { authModule } from './auth/module';
import { bookingsModule } from './bookings/module';
import { broadcastsModule } from './broadcasts/module';
import { carRequestsModule } from './car-requests/module';
import { chatModule } from './chat/module';
import { cityModule } from './city/module';
import { complaintsModule } from './complaints/module';
import { contractsModule } from './contracts/module';
import { devRoutes } from './dev/routes';
import { eventsModule } from './events/module';
import { faresModule } from './fares/module';
import { filesModule } from './files/module';
import { fleetModule } from './fleet/module';
import { ledgerModule } from './ledger/module';
import { lostAndFoundRoutes } from './lost-and-found/routes';
import type { ServerModule } from './module';
import { notificationsModule } from './notifications/module';
import { paymentsRoutes } from './payments/routes';
import { peopleModule } from './people/module';
import { pushModule } from './push/module';
import { reservationRoutes } from './reservations/routes';
import { resourcesRoutes } from './resources/routes';
import { rolesRoutes } from './roles/routes';
import { settingsModule } from './settings/module';
import { smsModule } from './sms/module';
import { surveysModule } from './surveys/module';
import { systemRoutes } from './system/routes';
import { termsModule } from './terms/module';
import { ticketsModule } from './tickets/module';
import { trackingModule } from './tracking';

export type { ServerModule } from './module';

/**
 * The app's modules in order: each one's setup may use the services of those before it (files before
 * people, the city before tracking, tracking before bookings before the AI). buildApp provides only the
 * infrastructure they share: config, db, clock, realtime, jobs, events, mailer, limiter, metrics.
 */
export const MODULES: readonly ServerModule[] = [
  { name: 'system', routes: systemRoutes },
  authModule,
  settingsModule,
  { name: 'roles', routes: rolesRoutes },
  notificationsModule,
  pushModule,
  cityModule,
  faresModule,
  fleetModule,
  filesModule,
  peopleModule,
  termsModule,
  contractsModule,
  ledgerModule,
  smsModule,
  trackingModule,
  bookingsModule,
  chatModule,
  complaintsModule,
  ticketsModule,
  broadcastsModule,
  surveysModule,
  carRequestsModule,
  aiModule,
  { name: 'resources', routes: resourcesRoutes },
  { name: 'payments', routes: paymentsRoutes },
  { name: 'reservations', routes: reservationRoutes },
  eventsModule,
  { name: 'lost-and-found', routes: lostAndFoundRoutes },
  { name: 'dev', routes: devRoutes, developmentOnly: true },
];
