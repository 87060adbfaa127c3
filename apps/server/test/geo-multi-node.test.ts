import { randomBytes } from 'node:crypto';
import type { LonLat } from '@taxi/shared/geo';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { makeCaptain } from './factories';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`Redis is required in CI (${REDIS_URL}): ${String(error)}`);
    return false;
  } finally {
    client.disconnect();
  }
}

const redisUp = await redisReachable();
const prefix = `test-${randomBytes(4).toString('hex')}`;

/** Waits until `probe` holds (each node reloads its layers when told; the message crosses Redis). */
async function eventually(probe: () => Promise<boolean>, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

const square = ([lon, lat]: LonLat, half: number) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [lon - half, lat - half],
        [lon + half, lat - half],
        [lon + half, lat + half],
        [lon - half, lat + half],
        [lon - half, lat - half],
      ],
    ],
  });

/** Two server nodes on one database and one Redis: a map layer written through A is looked up on B. */
describe.skipIf(!redisUp)('map layers on two nodes sharing Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix };
    a = await buildTestApp({ env });
    const config = loadConfig({ ...env, APP_ENV: 'development', DATA_DIR: a.config.dataDir, LOG_LEVEL: 'silent' });
    b = await buildApp({ config, db: a.db, logger: false });
    await b.ready();
    token = await login(a.app, 'admin@example.com');
  });
  afterAll(async () => {
    await b?.close();
    if (a) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await a.close();
    }
  });

  const checkOnB = async (p: LonLat) =>
    (
      await b.inject({
        method: 'GET',
        url: `/api/geo/check?lon=${p[0]}&lat=${p[1]}&role=pickup&service_id=2`,
        headers: bearer(token),
      })
    ).json().data as { allowed: boolean; refusals: { name: string }[] };

  it('a restricted area created on node A refuses pickups on node B', async () => {
    const point: LonLat = [7.4189, 43.7262];
    expect((await checkOnB(point)).allowed).toBe(true);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/restricted_areas',
      headers: bearer(token),
      payload: { name: 'Two-node apron', applies_to: 'pickup', geometry: square(point, 0.0005) },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(async () => !(await checkOnB(point)).allowed)).toBe(true);
    expect((await checkOnB(point)).refusals.map((r) => r.name)).toEqual(['Two-node apron']);
  });

  it('a sector created on node A is the sector of its points on node B (bookings, fares, services)', async () => {
    const sea: LonLat = [7.47, 43.715];
    expect(b.city.sectorOf(sea, 0)).toBeNull();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/geo/sectors',
      headers: bearer(token),
      payload: { name: 'Two-node sea', geometry: square(sea, 0.003) },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(async () => b.city.sectorOf(sea, 0)?.name === 'Two-node sea')).toBe(true);
  });

  it('a captain queuing at a station through node A is in the queue node B shows', async () => {
    const station: LonLat = [7.43, 43.95];
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/stations',
      headers: bearer(token),
      payload: { name: 'Two-node rank', lon: station[0], lat: station[1], radius_m: 80 },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    expect(await eventually(async () => b.geo.station(id) !== null)).toBe(true);
    const { captain } = await makeCaptain(a.db, { lastLon: station[0], lastLat: station[1] });
    await a.app.locations.setOnline(captain.id, true);
    a.app.locations.report(captain.id, station[0], station[1]);
    const queueOnB = async () =>
      (await b.inject({ method: 'GET', url: `/api/stations/${id}/queue`, headers: bearer(token) })).json().data
        .captains as { captain_id: number }[];
    expect(await eventually(async () => (await queueOnB()).some((c) => c.captain_id === captain.id))).toBe(true);
    await a.app.locations.setOnline(captain.id, false);
    expect(await eventually(async () => (await queueOnB()).length === 0)).toBe(true);
  });
});
