import {
  type CaptainLocationPayload,
  decodeLocationBatch,
  encodeLocationBatch,
  type LocationBatchBytes,
} from '@taxi/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client';
import { LiveFleet } from '../src/modules/tracking/live-fleet';
import { createPositionRelay, type PositionRelay } from '../src/modules/tracking/position-relay';
import { LocationService } from '../src/modules/tracking/service';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** LocationService without a database: only the in-memory paths (index, batching, relay) are used here. */
function make(index: LiveFleet, relay?: PositionRelay) {
  // What was sent, decoded as a console reads it: to every node's sockets, and to this node's only.
  const emitted: { event: string; payload: { updates: CaptainLocationPayload[] } }[] = [];
  const emittedHere: typeof emitted = [];
  const record = (to: typeof emitted) => (event: string, payload: unknown) =>
    to.push({ event, payload: { updates: decodeLocationBatch(payload as LocationBatchBytes) } });
  // The bytes this node's sockets were sent, as they were.
  const bytesHere: Uint8Array[] = [];
  const realtime = {
    emit: record(emitted),
    emitHere: (event: string, payload: unknown) => {
      bytesHere.push(payload as Uint8Array);
      record(emittedHere)(event, payload);
    },
  };
  const published: Uint8Array[] = [];
  const relayed = relay && {
    ...relay,
    publish: (batch: Uint8Array) => {
      published.push(batch);
      relay.publish(batch);
    },
  };
  const log = { warn: () => {}, info: () => {} };
  const service = new LocationService({ db: {} as Db, realtime: realtime as never, index, relay: relayed, log });
  return { service, emitted, emittedHere, bytesHere, published };
}

describe('LocationService batching', () => {
  it('updates the memory index at once and sends one merged batch per flush', async () => {
    const { service, emitted } = make(new LiveFleet());
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
    const { service, emitted } = make(new LiveFleet());
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

  it("another node's batch keeps the state this node knows, and gives its own to a captain this node does not know", async () => {
    const { service } = make(new LiveFleet());
    const t = Date.parse('2026-01-01T09:00:00Z');
    service.report(1, 7.42, 43.73, null, null, t);
    await service.setState(1, 'TO_PICKUP');
    const batch = (at: number, state: CaptainLocationPayload['state']) =>
      encodeLocationBatch(
        [1, 2].map((id) => ({ captain_id: id, lon: 7.43, lat: 43.74, heading: 5, speed_kmh: 40, state, at })),
      );
    service.applyBatch(batch(t + 1000, 'FREE'));
    expect(service.index.getSync(1)).toMatchObject({
      lon: 7.43,
      meta: { state: 'TO_PICKUP', heading: 5, at: t + 1000 },
    });
    expect(service.index.getSync(2)?.meta).toMatchObject({ state: 'FREE', since: t + 1000 });
    service.applyBatch(batch(t + 2000, 'OFFERED'));
    expect(service.index.getSync(1)?.meta.state).toBe('TO_PICKUP');
    expect(service.index.getSync(2)?.meta).toMatchObject({ state: 'OFFERED', at: t + 2000 });
    // Once this node knows captain 2's state, the batches no longer set it; its own reports keep it too.
    await service.setState(2, 'ON_TRIP');
    service.applyBatch(batch(t + 3000, 'FREE'));
    service.report(2, 7.44, 43.75, null, null, t + 4000);
    expect(service.index.getSync(2)?.meta.state).toBe('ON_TRIP');
    expect(service.stateOf(2)).toBe('ON_TRIP');
  });

  it('rejects impossible positions with field errors', () => {
    const { service } = make(new LiveFleet());
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
const relays: PositionRelay[] = [];
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
  for (const relay of relays) await relay.close();
  redis?.disconnect();
});

describe('two nodes over the Redis position relay', () => {
  const node = async () => {
    const relay = await createPositionRelay(redis as Redis, prefix, () => {});
    relays.push(relay);
    return make(new LiveFleet(), relay);
  };

  it("each node's batch reaches the other's index and sockets, once, and never comes back to its sender", async (ctx) => {
    if (!redis) return ctx.skip();
    const [a, b] = [await node(), await node()];
    const t = Date.parse('2026-01-01T10:00:00Z');
    for (let i = 1; i <= 50; i++) a.service.report(i, 7.42 + i / 10_000, 43.73, 90, 30, t);
    a.service.flushFanout();
    await vi.waitFor(() => expect(b.service.index.count).toBe(50));
    // B searches A's captains in memory, with what A's reports said.
    expect((await b.service.index.nearby(7.42, 43.73, 100, 3)).map((h) => h.id)).toEqual([1, 2, 3]);
    expect(b.service.index.getSync(7)?.meta).toEqual({
      state: 'FREE',
      since: t,
      heading: 90,
      speed_kmh: 30,
      at: t,
    });
    // B's sockets get A's captains with B's own in B's next batch: one batch a tick, whatever the number of nodes.
    b.service.report(60, 7.5, 43.8, null, null, t);
    b.service.flushFanout();
    expect(a.emittedHere.map((e) => e.payload.updates.length)).toEqual([50]);
    expect(b.emittedHere.map((e) => e.payload.updates.length)).toEqual([51]);
    expect(b.emittedHere[0].payload.updates.find((u) => u.captain_id === 7)).toMatchObject({
      lon: 7.4207,
      heading: 90,
    });
    // That batch is B's own segment followed by A's batch byte for byte: B encoded only its own captain.
    const [own] = b.published;
    expect(b.emittedHere[0].payload.updates[0].captain_id).toBe(60);
    expect(Buffer.from(b.bytesHere[0])).toEqual(Buffer.concat([own, a.published[0]]));
    // Only B's own captain goes back to A; nothing went through the adapter to every node.
    await vi.waitFor(() => expect(a.service.index.getSync(60)).not.toBeNull());
    a.service.flushFanout();
    expect(a.emittedHere.map((e) => e.payload.updates.map((u) => u.captain_id))).toEqual([
      Array.from({ length: 50 }, (_, i) => i + 1),
      [60],
    ]);
    expect(a.emitted.length + b.emitted.length).toBe(0);
    // Each node's own batch is not applied or sent again when Redis echoes it.
    await new Promise((r) => setTimeout(r, 50));
    a.service.flushFanout();
    b.service.flushFanout();
    expect(a.emittedHere).toHaveLength(2);
    expect(b.emittedHere).toHaveLength(1);
  });

  it('an older position from another node does not replace a newer one; OFFLINE in a batch leaves the index', async (ctx) => {
    if (!redis) return ctx.skip();
    const [a, b] = [await node(), await node()];
    const t = Date.parse('2026-01-01T11:00:00Z');
    b.service.report(70, 7.43, 43.74, null, null, t + 5000);
    a.service.report(70, 7.4, 43.7, null, null, t);
    a.service.report(71, 7.41, 43.71, null, null, t);
    a.service.flushFanout();
    await vi.waitFor(() => expect(b.service.index.getSync(71)).not.toBeNull());
    expect(b.service.index.getSync(70)?.lon).toBe(7.43);
    await a.service.setState(71, 'OFFLINE');
    a.service.flushFanout();
    await vi.waitFor(() => expect(b.service.index.getSync(71)).toBeNull());
    // B's sockets are told too, in B's next batch, which holds B's newer position of 70, not A's older one.
    b.service.flushFanout();
    const updates = b.emittedHere.at(-1)?.payload.updates ?? [];
    // A's two batches came between two of B's ticks, both passed on in order: the later entry, as a console reads it, is the newer.
    expect(updates.filter((u) => u.captain_id === 71).map((u) => u.state)).toEqual(['FREE', 'OFFLINE']);
    expect(updates.filter((u) => u.captain_id === 70).map((u) => u.lon)).toEqual([7.43]);
  });

  it('an unreadable batch is skipped with a warning, not thrown', () => {
    const warnings: unknown[] = [];
    const service = new LocationService({
      db: {} as Db,
      realtime: { emit: () => {}, emitHere: () => {} },
      index: new LiveFleet(),
      log: { warn: (e) => warnings.push(e), info: () => {} },
    });
    expect(() => service.applyBatch(new Uint8Array(5))).not.toThrow();
    expect(warnings).toHaveLength(1);
  });
});
