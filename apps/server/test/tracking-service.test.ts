import { type CaptainLocationPayload, decodeLocationBatch, type LocationBatchBytes } from '@taxi/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { GridIndex, type PositionIndex, RedisGeoIndex } from '../src/dispatch/spatial-index';
import { type LiveMeta, LocationService } from '../src/modules/tracking/service';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** LocationService without a database: only the in-memory paths (index, batching) are used here. */
function make(index: PositionIndex<LiveMeta>) {
  // What was sent, decoded as a console reads it.
  const emitted: { event: string; payload: { updates: CaptainLocationPayload[] } }[] = [];
  const realtime = {
    emitToUsers: (event: string, payload: unknown) =>
      emitted.push({ event, payload: { updates: decodeLocationBatch(payload as LocationBatchBytes) } }),
  };
  const log = { warn: () => {}, info: () => {} };
  const service = new LocationService({ db: {} as Db, realtime: realtime as never, index, log });
  return { service, emitted };
}

describe('LocationService batching', () => {
  it('updates the memory index at once and sends one merged batch per flush', async () => {
    const { service, emitted } = make(new GridIndex<LiveMeta>());
    service.report(1, 7.42, 43.73, 10, 20, Date.parse('2026-01-01T10:00:00Z'));
    expect((await service.index.get(1))?.lon).toBe(7.42); // before any flush
    service.report(1, 7.43, 43.74, 11, 21, Date.parse('2026-01-01T10:00:01Z'));
    service.report(2, 7.44, 43.75);
    service.flushFanout();
    service.flushFanout(); // nothing new: no event
    expect(emitted).toHaveLength(1);
    expect(emitted[0].event).toBe('captain_location_updated');
    expect(emitted[0].payload.updates).toEqual([
      {
        captain_id: 1,
        lon: 7.43,
        lat: 43.74,
        heading: 11,
        speed_kmh: 21,
        state: 'FREE',
        at: '2026-01-01T10:00:01.000Z',
      },
      expect.objectContaining({ captain_id: 2, heading: null, speed_kmh: null }),
    ]);
  });

  it('a state change is shown in the next batch; OFFLINE removes the captain from the index', async () => {
    const { service, emitted } = make(new GridIndex<LiveMeta>());
    service.report(5, 7.42, 43.73);
    service.flushFanout();
    await service.setState(5, 'TO_PICKUP');
    expect((await service.index.get(5))?.meta.state).toBe('TO_PICKUP');
    service.report(5, 7.421, 43.731);
    expect((await service.index.get(5))?.meta.state).toBe('TO_PICKUP'); // reports keep the state
    await service.setState(5, 'OFFLINE');
    expect(await service.index.get(5)).toBeNull();
    service.flushFanout();
    expect(emitted.at(-1)?.payload.updates).toEqual([expect.objectContaining({ captain_id: 5, state: 'OFFLINE' })]);
  });

  it('rejects impossible positions with field errors', () => {
    const { service } = make(new GridIndex<LiveMeta>());
    expect(() => service.report(0, 7, 43)).toThrowError(expect.objectContaining({ status: 422 }));
    expect(() => service.report(1, 7, 95)).toThrowError(
      expect.objectContaining({ errors: { lat: [expect.any(String)] } }),
    );
    expect(() => service.report(1, Number.NaN, 43)).toThrowError(
      expect.objectContaining({ errors: { lon: [expect.any(String)] } }),
    );
  });
});

let redis: Redis | null = null;
const prefix = `test-locations:${process.pid}`;
beforeAll(async () => {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  try {
    await client.connect();
    redis = client;
  } catch (error) {
    client.disconnect();
    if (process.env.CI) throw new Error(`Redis is required in CI (${REDIS_URL}): ${String(error)}`);
  }
});
afterAll(async () => {
  if (!redis) return;
  await new RedisGeoIndex(redis, prefix).clear();
  redis.disconnect();
});

it('with a Redis index, positions reach Redis in one pipeline per fan-out tick', async (ctx) => {
  if (!redis) return ctx.skip();
  const index = new RedisGeoIndex<LiveMeta>(redis, prefix);
  await index.clear();
  const { service, emitted } = make(index);
  for (let i = 1; i <= 50; i++) service.report(i, 7.42 + i / 10_000, 43.73);
  service.flushFanout();
  await new Promise((r) => setTimeout(r, 100));
  expect(await index.size()).toBe(50);
  expect((await index.nearby(7.42, 43.73, 100, 3)).map((h) => h.id)).toEqual([1, 2, 3]);
  expect(emitted[0].payload.updates).toHaveLength(50);
});
