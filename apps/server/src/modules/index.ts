import { aiModule } from './ai';
import { airportModule } from './airport/module';
import { authModule } from './auth/module';
import { bookingsModule } from './bookings/module';
import { broadcastsModule } from './broadcasts/module';
import { captainAppModule } from './captain-app/module';
import { carRequestsModule } from './car-requests/module';
import { chatModule } from './chat/module';
import { cityModule } from './city/module';
import { companyRequestsModule } from './company-requests/module';
import { complaintsModule } from './complaints/module';
import { contractsModule } from './contracts/module';
import { devRoutes } from './dev/routes';
import { eventsModule } from './events/module';
import { faresModule } from './fares/module';
import { filesModule } from './files/module';
import { fleetModule } from './fleet/module';
import { geoModule } from './geo/module';
import { ledgerModule } from './ledger/module';
import { lostAndFoundRoutes } from './lost-and-found/routes';
import type { ServerModule } from './module';
import { notificationsModule } from './notifications/module';
import { partnersModule } from './partners/module';
import { paymentsRoutes } from './payments/routes';
import { peopleModule } from './people/module';
import { planningModule } from './planning/module';
import { pushModule } from './push/module';
import { ratingsModule } from './ratings/module';
import { reportsModule } from './reports/module';
import { reservationRoutes } from './reservations/routes';
import { resourcesRoutes } from './resources/routes';
import { rolesRoutes } from './roles/routes';
import { settingsModule } from './settings/module';
import { smsModule } from './sms/module';
import { surveysModule } from './surveys/module';
import { systemModule } from './system/module';
import { termsModule } from './terms/module';
import { ticketsModule } from './tickets/module';
import { timelineModule } from './timeline/module';
import { trackingModule } from './tracking';
import { voiceModule } from './voice/module';

export type { ServerModule } from './module';

/**
 * The app's modules in order: each one's setup may use the services of those before it (files before
 * people, the city and the map layers before fares, tracking before bookings before the AI). buildApp provides only the
 * infrastructure they share: config, db, clock, realtime, jobs, events, mailer, limiter, metrics.
 */
export const MODULES: readonly ServerModule[] = [
  systemModule,
  authModule,
  settingsModule,
  { name: 'roles', routes: rolesRoutes },
  notificationsModule,
  pushModule,
  cityModule,
  fleetModule,
  geoModule,
  faresModule,
  filesModule,
  peopleModule,
  termsModule,
  contractsModule,
  ledgerModule,
  smsModule,
  trackingModule,
  bookingsModule,
  ratingsModule,
  chatModule,
  complaintsModule,
  ticketsModule,
  broadcastsModule,
  surveysModule,
  carRequestsModule,
  aiModule,
  captainAppModule,
  airportModule,
  partnersModule,
  companyRequestsModule,
  { name: 'resources', routes: resourcesRoutes },
  { name: 'payments', routes: paymentsRoutes },
  { name: 'reservations', routes: reservationRoutes },
  eventsModule,
  planningModule,
  timelineModule,
  reportsModule,
  voiceModule,
  { name: 'lost-and-found', routes: lostAndFoundRoutes },
  { name: 'dev', routes: devRoutes, developmentOnly: true },
];
