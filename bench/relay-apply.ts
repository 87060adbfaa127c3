/**
 * Part of `npm run bench dispatch`: what applying another node's position batch costs a node, per entry, with the
 * caches cold between batches as in a busy node (which serves its own reports and sockets between two batches).
 * Slots (LocationService.applyBatch over LiveFleet, the server's path) against meta objects (the generic GridIndex
 * with an object a captain, updated in place, and the node's states in a Map: how the server applied them before),
 * on the same batches in the same run.
 */
import { type CaptainLiveState, encodeLocationBatch, forEachLocation, type LocationReport } from '@taxi/shared';
import type { Db } from '../apps/server/src/db/client';
import { GridIndex } from '../apps/server/src/dispatch/spatial-index';
import { LiveFleet, type LiveMeta } from '../apps/server/src/modules/tracking/live-fleet';
import { LocationService } from '../apps/server/src/modules/tracking/service';
import { rng } from './random';

const CAPTAINS = 20_000;
/** A node's batch at 30,000 reports/s and a 50 ms tick. */
const BATCH = 1_500;
const BATCHES = 200;
const CENTRE: [number, number] = [7.42, 43.73];

export interface RelayApplyResult {
  captains: number;
  entries_per_batch: number;
  slots_ns_per_entry: number;
  meta_objects_ns_per_entry: number;
  slots_warm_ns_per_entry: number;
  meta_objects_warm_ns_per_entry: number;
  objects_over_slots_cold: number;
}

export function benchRelayApply(): RelayApplyResult {
  const random = rng(11);
  const t0 = Date.now();
  const start = Array.from({ length: CAPTAINS + 1 }, () => [
    CENTRE[0] + (random() - 0.5) * 0.2,
    CENTRE[1] + (random() - 0.5) * 0.1,
  ]);
  // Another node's batches: captains at random, each moved a metre or so since its last report, always newer.
  let at = t0;
  const nextBatches = (n: number) =>
    Array.from({ length: n }, () => {
      at += 50;
      const updates: LocationReport[] = [];
      for (let k = 0; k < BATCH; k++) {
        const id = 1 + Math.floor(random() * CAPTAINS);
        start[id][0] += 0.00001;
        updates.push({
          captain_id: id,
          lon: start[id][0],
          lat: start[id][1],
          heading: 90,
          speed_kmh: 30,
          state: 'FREE',
          at,
        });
      }
      return encodeLocationBatch(updates);
    });

  // What a busy node does between two batches, as far as the caches go: other memory, other objects.
  const other = new Float64Array(8 << 20);
  let sink = 0;
  const cool = () => {
    for (let i = 0; i < 200_000; i++) sink += other[(i * 63_352) % other.length];
    const young: { i: number }[] = [];
    for (let i = 0; i < 20_000; i++) young.push({ i });
    sink += young.length;
  };

  const service = new LocationService({
    db: {} as Db,
    realtime: { emit() {}, emitHere() {} },
    index: new LiveFleet(),
    log: { warn() {}, info() {} },
  });
  const grid = new GridIndex<LiveMeta>();
  const states = new Map<number, { state: CaptainLiveState; since: number }>();
  for (let id = 1; id <= CAPTAINS; id++) {
    service.report(id, start[id][0], start[id][1], 90, 30, t0);
    states.set(id, { state: 'FREE', since: t0 });
    grid.upsertSync(id, start[id][0], start[id][1], { state: 'FREE', since: t0, heading: 90, speed_kmh: 30, at: t0 });
  }
  const bySlots = (bytes: Uint8Array) => service.applyBatch(bytes);
  const byObjects = (bytes: Uint8Array) =>
    forEachLocation(bytes, (id, lon, lat, heading, speed, state, when) => {
      const held = grid.metaSync(id);
      if (held && held.at > when) return;
      const known = states.get(id);
      const meta = held ?? { state, since: when, heading, speed_kmh: speed, at: when };
      meta.state = known?.state ?? state;
      meta.since = known?.since ?? when;
      meta.heading = heading;
      meta.speed_kmh = speed;
      meta.at = when;
      grid.upsertSync(id, lon, lat, meta);
    });

  /** ns an entry for each way over the same new batches; `cold`: other work between two batches. */
  const pass = (n: number, cold: boolean, slotsFirst: boolean) => {
    const ns = { slots: 0, objects: 0 };
    for (const bytes of nextBatches(n)) {
      for (const way of slotsFirst ? (['slots', 'objects'] as const) : (['objects', 'slots'] as const)) {
        if (cold) cool();
        const s = process.hrtime.bigint();
        if (way === 'slots') bySlots(bytes);
        else byObjects(bytes);
        ns[way] += Number(process.hrtime.bigint() - s);
      }
      service.flushFanout();
    }
    return { slots: ns.slots / (n * BATCH), objects: ns.objects / (n * BATCH) };
  };
  pass(BATCHES / 4, false, true); // the JIT
  const cold = [pass(BATCHES / 2, true, true), pass(BATCHES / 2, true, false)];
  const warm = pass(BATCHES / 2, false, true);
  const slotsCold = (cold[0].slots + cold[1].slots) / 2;
  const objectsCold = (cold[0].objects + cold[1].objects) / 2;
  const result: RelayApplyResult = {
    captains: CAPTAINS,
    entries_per_batch: BATCH,
    slots_ns_per_entry: Math.round(slotsCold),
    meta_objects_ns_per_entry: Math.round(objectsCold),
    slots_warm_ns_per_entry: Math.round(warm.slots),
    meta_objects_warm_ns_per_entry: Math.round(warm.objects),
    objects_over_slots_cold: Math.round((objectsCold / slotsCold) * 100) / 100,
  };
  if (sink < 0) console.log(sink);
  return result;
}
