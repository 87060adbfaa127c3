import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { DispatchService } from '../../dispatch/service';
import { GridIndex, type PositionIndex, RedisGeoIndex } from '../../dispatch/spatial-index';
import type { Realtime } from '../../realtime';
import type { CityService } from '../city/service';
import { type LiveMeta, LocationService } from './service';

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
 * The position index (Redis GEO when REDIS_URL is set, else an in-memory grid), the location service and
 * the dispatch engine, wired together.
 */
export async function createTracking(opts: {
  db: Db;
  realtime: Realtime;
  city: CityService;
  redisUrl?: string;
  redisPrefix?: string;
  log: FastifyBaseLogger;
}): Promise<Tracking> {
  let positions: PositionIndex<LiveMeta>;
  let closeRedis = async () => {};
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(opts.redisUrl);
    positions = new RedisGeoIndex<LiveMeta>(redis, `${opts.redisPrefix ?? 'taxi'}:captains`);
    closeRedis = async () => {
      redis.disconnect();
    };
  } else {
    positions = new GridIndex<LiveMeta>();
  }
  const locations = new LocationService({ db: opts.db, realtime: opts.realtime, index: positions, log: opts.log });
  const dispatchEngine = new DispatchService({ db: opts.db, city: opts.city, index: positions });
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
