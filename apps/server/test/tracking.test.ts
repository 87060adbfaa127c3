import {
  type CandidateRankingDto,
  decodeLocationBatch,
  EVENTS,
  type LocationBatchBytes,
  type RideRouteDto,
  type TrackedCaptainDto,
} from '@taxi/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, rides } from '../src/db/schema/bookings';
import { captains, cars, passengers, services } from '../src/db/schema/people';
import { LiveFleet } from '../src/modules/tracking/live-fleet';
import { LocationService } from '../src/modules/tracking/service';
import { bearer, listeningAppForFile, login, nextEvent } from './helpers';

const t = listeningAppForFile();
const PICKUP: [number, number] = [7.4246, 43.7384];

async function makeCaptain(name: string, over: Partial<typeof captains.$inferInsert> = {}, car = true) {
  const [c] = await t.db
    .insert(captains)
    .values({ firstName: name, lastName: 'Test', active: true, online: true, ...over })
    .returning();
  if (car) await t.db.insert(cars).values({ captainId: c.id, number: `MC-${c.id}`, vehicleType: 'sedan', seats: 4 });
  return c;
}

async function makeBooking(over: Partial<typeof bookings.$inferInsert> = {}) {
  await t.db.insert(services).values({ id: 2, name: 'Full car' }).onConflictDoNothing();
  const [p] = await t.db.insert(passengers).values({ firstName: 'Pia', phoneNumber: '+37760000001' }).returning();
  const [b] = await t.db
    .insert(bookings)
    .values({
      datetime: new Date(),
      serviceId: 2,
      passengerId: p.id,
      pickUpLocationName: 'Casino',
      pickUpLon: PICKUP[0],
      pickUpLat: PICKUP[1],
      pullDownLocationName: 'Port',
      pullDownLon: 7.4215,
      pullDownLat: 43.7347,
      ...over,
    })
    .returning();
  return b;
}

describe('GET city/basemap', () => {
  it('401 without a token; any signed-in console (even without MONITORING) gets the streets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/city/basemap' })).statusCode).toBe(401);
    const token = await login(t.app, 'callcenter@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/city/basemap', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.type).toBe('FeatureCollection');
  });

  it('the city calls sit under /api like every other call (places, sectors, route)', async () => {
    const token = await login(t.app, 'dispatcher@example.com');
    for (const url of ['/api/places?perPage=1', '/api/sectors', '/api/city/route?from=7.42,43.73&to=7.43,43.74']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode, url).toBe(200);
    }
  });
});

describe('GET tracking/captains', () => {
  it('401 without a token, 403 without MONITORING', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tracking/captains' })).statusCode).toBe(401);
    const token = await login(t.app, 'callcenter@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/tracking/captains', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });

  it('lists online captains reported through LocationService with name, car, state; persists in a batch', async () => {
    const c = await makeCaptain('Marco');
    const offline = await makeCaptain('Olga', { online: false });
    t.app.locations.report(c.id, 7.42, 43.73, 90, 32);
    t.app.locations.report(offline.id, 7.43, 43.74);
    const token = await login(t.app, 'dispatcher@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/tracking/captains', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as TrackedCaptainDto[];
    expect(list.find((x) => x.captain_id === offline.id)).toBeUndefined();
    expect(list.find((x) => x.captain_id === c.id)).toMatchObject({
      name: 'Marco Test',
      car_number: `MC-${c.id}`,
      lon: 7.42,
      lat: 43.73,
      heading: 90,
      speed_kmh: 32,
      state: 'FREE',
    });

    await t.app.locations.flushPersist();
    const [row] = await t.db.select().from(captains).where(eq(captains.id, c.id));
    expect(row.lastLon).toBe(7.42);
    expect(row.lastLat).toBe(43.73);
    expect(row.lastLocationAt).not.toBeNull();

    const loc = await t.app.inject({ method: 'GET', url: `/api/captain/${c.id}/location`, headers: bearer(token) });
    expect(loc.json().data).toMatchObject({ captain_id: c.id, lon: 7.42, state: 'FREE' });
    const none = await t.app.inject({ method: 'GET', url: '/api/captain/999999/location', headers: bearer(token) });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/captain/abc/location', headers: bearer(token) });
    expect(bad.statusCode).toBe(422);
  });

  /** A location service of its own on the test database, to drive its write-behind by hand. */
  const writeBehind = (fanoutMs: number, persistChunk: number) =>
    new LocationService({
      db: t.db,
      realtime: { emit: () => {}, emitHere: () => {} },
      index: new LiveFleet(),
      log: { warn: () => {}, info: () => {} },
      fanoutMs,
      persistChunk,
    });

  it('the write-behind saves every buffered position in paced chunks, the time to the millisecond', async () => {
    const made = await Promise.all(['Ada', 'Bea', 'Cem', 'Dia', 'Eli'].map((n) => makeCaptain(n, {}, false)));
    const service = writeBehind(40, 2);
    const at = Date.parse('2026-03-01T08:00:00.123Z');
    made.forEach((c, i) => {
      service.report(c.id, 7.4 + i / 1000, 43.7 + i / 1000, null, null, at + i);
    });
    const t0 = performance.now();
    await service.flushPersist();
    // Three chunks, two pauses of a fan-out period between them.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(75);
    expect(service.counters.persisted).toBe(5);
    const rows = await t.db
      .select()
      .from(captains)
      .where(
        inArray(
          captains.id,
          made.map((c) => c.id),
        ),
      );
    for (const [i, c] of made.entries()) {
      const row = rows.find((r) => r.id === c.id);
      expect(row).toMatchObject({ lastLon: 7.4 + i / 1000, lastLat: 43.7 + i / 1000 });
      expect(row?.lastLocationAt?.getTime()).toBe(at + i);
    }
  });

  it('the write-behind writes a captain again only once he has moved since, also when he moves during a write', async () => {
    const made = await Promise.all(['Fay', 'Gus', 'Hal'].map((n) => makeCaptain(n, {}, false)));
    const service = writeBehind(30, 1);
    const at = Date.parse('2026-03-02T09:00:00.000Z');
    made.forEach((c, i) => {
      service.report(c.id, 7.41 + i / 1000, 43.71, null, null, at);
    });
    // The first captain moves again while the write is paced between its chunks: the move is saved next time.
    const writing = service.flushPersist();
    await new Promise((r) => setTimeout(r, 5));
    service.report(made[0].id, 7.5, 43.8, null, null, at + 1000);
    await writing;
    expect(service.counters.persisted).toBe(3);
    await service.flushPersist();
    expect(service.counters.persisted).toBe(4);
    const [first] = await t.db.select().from(captains).where(eq(captains.id, made[0].id));
    expect(first).toMatchObject({ lastLon: 7.5, lastLat: 43.8 });
    expect(first.lastLocationAt?.getTime()).toBe(at + 1000);
    // Nobody moved: nothing is written.
    await service.flushPersist();
    expect(service.counters.persisted).toBe(4);
  });

  it('while a write runs, at most one more waits for it, however often the period asks', async () => {
    const made = await Promise.all(['Ida', 'Jon'].map((n) => makeCaptain(n, {}, false)));
    const service = writeBehind(20, 1);
    made.forEach((c, i) => {
      service.report(c.id, 7.42 + i / 1000, 43.72, null, null, Date.now());
    });
    const running = service.flushPersist();
    await new Promise((r) => setTimeout(r, 5));
    // Ten more periods end while the first write is paced between its two chunks, and a captain moves meanwhile.
    const asked = Array.from({ length: 10 }, () => service.flushPersist());
    service.report(made[0].id, 7.5, 43.8, null, null, Date.now() + 1000);
    await Promise.all([running, ...asked]);
    expect(service.counters.persistRuns).toBe(2);
    expect(service.counters.persisted).toBe(3);
    const [first] = await t.db.select().from(captains).where(eq(captains.id, made[0].id));
    expect(first).toMatchObject({ lastLon: 7.5, lastLat: 43.8 });
  });

  it('a report with an impossible position is a 422 field error', () => {
    expect(() => t.app.locations.report(1, 200, 43)).toThrowError(
      expect.objectContaining({ status: 422, errors: { lon: [expect.any(String)] } }),
    );
  });
});

describe('GET ride/{rideId}/route', () => {
  it('401, 422, 403, 404, then the route from pickup to dropoff as lat/lng', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ride/1/route' })).statusCode).toBe(401);
    const token = await login(t.app, 'dispatcher@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/ride/x/route', headers: bearer(token) })).statusCode).toBe(
      422,
    );
    const airport = await login(t.app, 'airport@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/ride/1/route', headers: bearer(airport) })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ride/999999/route', headers: bearer(token) })).statusCode,
    ).toBe(404);

    const c = await makeCaptain('Rita');
    const [ride] = await t.db.insert(rides).values({ captainId: c.id }).returning();
    await makeBooking({ rideId: ride.id, status: 'PICKED_UP' });
    const res = await t.app.inject({ method: 'GET', url: `/api/ride/${ride.id}/route`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as RideRouteDto;
    expect(data.route.length).toBeGreaterThanOrEqual(2);
    expect(data.route[0].lat).toBeCloseTo(PICKUP[1], 2);
    expect(data.route[0].lng).toBeCloseTo(PICKUP[0], 2);
    expect(data.route.at(-1)?.lat).toBeCloseTo(43.7347, 2);
    expect(data.distance_m).toBeGreaterThan(0);
  });
});

describe('GET dispatch/booking/{id}/ranking', () => {
  it('ranks free, eligible captains near the pickup and explains the score', async () => {
    const near = await makeCaptain('Near');
    const far = await makeCaptain('Far');
    const banned = await makeCaptain('Banned');
    const carless = await makeCaptain('Carless', {}, false);
    const busy = await makeCaptain('Busy');
    t.app.locations.report(near.id, PICKUP[0] + 0.001, PICKUP[1]);
    t.app.locations.report(far.id, PICKUP[0] + 0.02, PICKUP[1]);
    t.app.locations.report(banned.id, PICKUP[0], PICKUP[1] + 0.0005);
    t.app.locations.report(carless.id, PICKUP[0], PICKUP[1] + 0.0004);
    t.app.locations.report(busy.id, PICKUP[0], PICKUP[1] + 0.0003);
    const [ride] = await t.db.insert(rides).values({ captainId: busy.id }).returning();
    await makeBooking({ rideId: ride.id, status: 'STARTED' });
    const b = await makeBooking({
      dynamicConstraints: [{ constraint_name: `captain:${banned.id}`, Abbreviation: 'BLACKLIST' }],
    });

    const token = await login(t.app, 'dispatcher@example.com');
    const call = await login(t.app, 'airport@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dispatch/booking/${b.id}/ranking`, headers: bearer(call) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/dispatch/booking/${b.id}/ranking?limit=0`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(422);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dispatch/booking/${b.id}/ranking?limit=50`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CandidateRankingDto;
    const ids = data.candidates.map((c) => c.captain_id);
    expect(ids.indexOf(near.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(near.id)).toBeLessThan(ids.indexOf(far.id));
    expect(ids).not.toContain(banned.id);
    expect(ids).not.toContain(carless.id);
    expect(ids).not.toContain(busy.id);
    expect(data.excluded).toMatchObject({ constraint: 1, vehicle_type: 1 });
    expect(data.excluded.busy).toBeGreaterThanOrEqual(1);
    const first = data.candidates.find((c) => c.captain_id === near.id);
    expect(first?.parts.eta).toBe(first?.eta_s);
    expect(first?.total).toBe(
      (first?.parts.eta ?? 0) +
        (first?.parts.idle_bonus ?? 0) +
        (first?.parts.constraint_penalty ?? 0) +
        (first?.parts.stale_penalty ?? 0),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dispatch/booking/999999/ranking', headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('realtime', () => {
  it('a reported position reaches a staff socket as one batched captain_location_updated', async () => {
    const token = await login(t.app, 'dispatcher@example.com');
    const socket = await t.connected(token);
    const c = await makeCaptain('Sock');
    const got = nextEvent<LocationBatchBytes>(
      socket,
      EVENTS.captainLocationUpdated,
      (bytes) => decodeLocationBatch(bytes).some((u) => u.captain_id === c.id),
      // a hang guard only: the batch leaves on the next fan-out tick
      10_000,
    );
    t.app.locations.report(c.id, 7.41, 43.72, 10, 20);
    t.app.locations.report(c.id, 7.411, 43.721, 12, 25); // merged: newest wins
    const bytes = await got;
    // Binary on the wire: a Node client receives a Buffer.
    expect(Buffer.isBuffer(bytes)).toBe(true);
    const mine = decodeLocationBatch(bytes).filter((u) => u.captain_id === c.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ lon: 7.411, lat: 43.721, heading: 12, speed_kmh: 25, state: 'FREE' });
  });
});
