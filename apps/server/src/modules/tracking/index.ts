import type { LonLat } from '@taxi/shared/geo';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { DispatchService } from '../../dispatch/service';
import type { PositionIndex } from '../../dispatch/spatial-index';
import type { AppBus } from '../../events';
import type { Clock } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import type { CityService } from '../city/service';
import type { FleetRules } from '../fleet/rules';
import type { ServerModule } from '../module';
import type { DispatchConfig } from '../settings/dispatch-config';
import { LiveFleet, type LiveMeta } from './live-fleet';
import { createPositionRelay, type PositionRelay } from './position-relay';
import { trackingRoutes } from './routes';
import { LocationService } from './service';

export { trackingRoutes } from './routes';

export interface Tracking {
  positions: PositionIndex<LiveMeta>;
  locations: LocationService;
  dispatchEngine: DispatchService;
  /** Loads positions from the database and starts the flush timers. */
  start(): Promise<void>;
  /** Flushes and stops (onClose). */
  close(): Promise<void>;
}

/**
 * The position index (in memory; with REDIS_URL, fed by the other nodes' batches through the position relay
 * too), the location service and the dispatch engine, wired together.
 */
export async function createTracking(opts: {
  db: Db;
  realtime: Realtime;
  city: CityService;
  clock?: Clock;
  /** Where the location service publishes its domain events. */
  events?: Pick<AppBus, 'publish'>;
  /** The live search radius (the dispatching settings). */
  config?: Pick<DispatchConfig, 'current'>;
  fleet?: FleetRules;
  /** The queue of the station at a point (the stations' dispatch rule). */
  stationQueueAt?: (point: LonLat) => readonly number[];
  redisUrl?: string;
  redisPrefix?: string;
  log: FastifyBaseLogger;
}): Promise<Tracking> {
  const positions = new LiveFleet();
  const { db, realtime, log, clock, config } = opts;
  let relay: PositionRelay | undefined;
  let closeRedis = async () => {};
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(opts.redisUrl);
    relay = await createPositionRelay(redis, opts.redisPrefix ?? 'taxi', (error) =>
      log.warn(error, 'position batch not published'),
    );
    // QUIT answers once the commands already sent are answered: none of them is cut off.
    closeRedis = async () => {
      await relay?.close();
      await redis.quit().catch(() => redis.disconnect());
    };
  }
  const locations = new LocationService({ db, realtime, index: positions, relay, log, clock, events: opts.events });
  const dispatchEngine = new DispatchService({
    db,
    city: opts.city,
    index: positions,
    clock,
    config,
    fleet: opts.fleet,
    stationQueueAt: opts.stationQueueAt,
  });
  return {
    positions,
    locations,
    dispatchEngine,
    start: () => locations.start(),
    close: async () => {
      await locations.stop();
      await closeRedis();
    },
  };
}

/** Live positions and states of the fleet, and the candidate ranking over them. */
export const trackingModule: ServerModule = {
  name: 'tracking',
  async setup(app) {
    const tracking = await createTracking({
      db: app.db,
      realtime: app.realtime,
      city: app.city,
      clock: app.clock,
      events: app.events,
      config: app.dispatchConfig,
      fleet: app.fleetRules,
      stationQueueAt: (point) => app.geo.queueAt(point),
      redisUrl: app.config.redisUrl,
      redisPrefix: app.config.redisPrefix,
      log: app.log,
    });
    app.decorate('positions', tracking.positions).decorate('locations', tracking.locations);
    app.decorate('dispatchEngine', tracking.dispatchEngine);
    await tracking.start();
    app.addHook('onClose', async () => tracking.close());
  },
  handlers(bus, app) {
    // A booking change moved a captain (offer, dispatch, pickup, end of ride): the map and ranking follow.
    bus.after('captain.stateChanged', ({ captainId, state }) => app.locations.setState(captainId, state));
  },
  routes: trackingRoutes,
};
