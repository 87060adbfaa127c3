import type { ServerModule } from '../module';
import { CaptainInboxService } from './inbox';
import { broadcastsRoutes } from './routes';
import { SCHEDULED_MESSAGE_JOB, ScheduledMessageService, type ScheduledRunPayload } from './scheduled';
import { BroadcastService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The captain app's inbox (the simulator plays the app through it). */
    inbox: CaptainInboxService;
    broadcasts: BroadcastService;
    scheduledMessages: ScheduledMessageService;
  }
}

/** Messages to captains: the inbox, broadcasts, the drivers' announcements' reads, scheduled messages. */
export const broadcastsModule: ServerModule = {
  name: 'broadcasts',
  setup(app) {
    const inbox = new CaptainInboxService({ db: app.db, clock: app.clock });
    const broadcasts = new BroadcastService({
      db: app.db,
      clock: app.clock,
      city: app.city,
      inbox,
      fleet: app.fleetRules,
    });
    app.decorate('inbox', inbox);
    app.decorate('broadcasts', broadcasts);
    app.decorate(
      'scheduledMessages',
      new ScheduledMessageService({ db: app.db, clock: app.clock, jobs: app.jobs, broadcasts }),
    );
  },
  handlers(_bus, app) {
    app.jobs.register<ScheduledRunPayload>(SCHEDULED_MESSAGE_JOB, (payload, { log }) =>
      app.scheduledMessages.run(payload, log),
    );
  },
  routes: broadcastsRoutes,
};
