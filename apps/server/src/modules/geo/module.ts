import type { ServerModule } from '../module';
import { geoRoutes } from './routes';
import { GeoService } from './service';
import { StationQueues } from './station-queues';

declare module 'fastify' {
  interface FastifyInstance {
    /** The map layers in memory: point lookups, booking checks, stations. */
    geo: GeoService;
    /** Who waits at each station, in arrival order. */
    stationQueues: StationQueues;
  }
}

/** Map layers as data (issue 15): loaded after the city and the fleet rules, reloaded on every node after a write. */
export const geoModule: ServerModule = {
  name: 'geo',
  async setup(app) {
    const queues = new StationQueues();
    const geo = new GeoService({
      db: app.db,
      clock: app.clock,
      city: app.city,
      fleet: app.fleetRules,
      realtime: app.realtime,
      queues,
      log: app.log,
    });
    await geo.start();
    app.decorate('geo', geo).decorate('stationQueues', queues);
  },
  handlers(_bus, app) {
    // Free captains inside a station's radius queue there; moving out, a ride or going offline takes them
    // out. The node that saw it tells the others, so every node has every queue.
    app.locations.observe((captainId, point, state) => {
      const change = app.stationQueues.report(captainId, point, state === 'FREE', app.clock.now(), (p) =>
        app.geo.stationAt(p),
      );
      if (change)
        app.realtime.toOtherNodes('stationQueue', {
          captain_id: change.captainId,
          station_id: change.stationId,
          since: change.since,
        });
    });
    app.realtime.onNodeEvent('stationQueue', ({ captain_id, station_id, since }) =>
      app.stationQueues.apply({ captainId: captain_id, stationId: station_id, since }),
    );
  },
  routes: geoRoutes,
};
