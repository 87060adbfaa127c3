import { describe, expect, it } from 'vitest';
import { approxDistanceM } from '../src/dispatch/spatial-index';
import { LiveFleet } from '../src/modules/tracking/live-fleet';

const T = Date.parse('2026-11-28T10:00:00Z');

describe('LiveFleet (captains by slot, their facts in columns)', () => {
  it('keeps each captain’s facts; a read is a copy that a later report does not change', () => {
    const fleet = new LiveFleet();
    fleet.put(7, 7.42, 43.73, 90, 30, T, 'TO_PICKUP', T - 1000, true);
    fleet.put(8, 7.43, 43.74, null, null, T, 'FREE', T, false);
    const seen = fleet.getSync(7);
    expect(seen).toEqual({
      id: 7,
      lon: 7.42,
      lat: 43.73,
      meta: { state: 'TO_PICKUP', since: T - 1000, heading: 90, speed_kmh: 30, at: T },
    });
    // null heading and speed come back as null, not NaN
    expect(fleet.metaSync(8)).toEqual({ state: 'FREE', since: T, heading: null, speed_kmh: null, at: T });
    const slot = fleet.slotOf(7);
    fleet.report(slot, 7.5, 43.8, null, 12, T + 4000);
    expect(seen?.meta.at).toBe(T);
    expect(fleet.getSync(7)).toMatchObject({
      lon: 7.5,
      lat: 43.8,
      meta: { state: 'TO_PICKUP', heading: null, speed_kmh: 12 },
    });
    expect(fleet.atOf(slot)).toBe(T + 4000);
    expect([fleet.knows(slot), fleet.knows(fleet.slotOf(8))]).toEqual([true, false]);
    expect(fleet.slotOf(9)).toBe(-1);
  });

  it('a moved captain is found at the new place only, by nearby and by all', () => {
    const fleet = new LiveFleet();
    fleet.put(1, 7.42, 43.73, null, null, T, 'FREE', T, true);
    fleet.report(fleet.slotOf(1), 7.52, 43.73, null, null, T + 1);
    expect(fleet.nearbySync(7.42, 43.73, 500, 5)).toEqual([]);
    expect(fleet.nearbySync(7.52, 43.73, 500, 5).map((h) => h.id)).toEqual([1]);
    expect(fleet.allSync().map((p) => [p.id, p.lon])).toEqual([[1, 7.52]]);
  });

  it('any id works: past the array of ids, negative or fractional (a Map holds those)', () => {
    const fleet = new LiveFleet();
    const ids = [0, 1, 2 ** 22, 2 ** 31 + 5, -3, 1.5];
    for (const [i, id] of ids.entries()) fleet.put(id, 7.4 + i / 1000, 43.7, i, null, T + i, 'FREE', T, true);
    for (const [i, id] of ids.entries())
      expect(fleet.getSync(id)).toMatchObject({ id, meta: { heading: i, at: T + i } });
    expect(fleet.count).toBe(ids.length);
    for (const id of ids) fleet.removeSync(id);
    expect(fleet.count).toBe(0);
    expect(ids.map((id) => fleet.getSync(id))).toEqual(ids.map(() => null));
  });

  it('a removed captain’s slot is reused without anything of his; thousands of captains grow the columns', () => {
    const fleet = new LiveFleet();
    const n = 5000;
    const point = (id: number): [number, number] => [7.3 + (id % 100) / 500, 43.6 + Math.floor(id / 100) / 500];
    for (let id = 1; id <= n; id++) fleet.put(id, ...point(id), id % 360, null, T + id, 'ON_TRIP', T, true);
    const slot = fleet.slotOf(42);
    fleet.removeSync(42);
    expect(fleet.getSync(42)).toBeNull();
    fleet.put(9999, 7.45, 43.75, null, null, T, 'FREE', T, false);
    expect(fleet.slotOf(9999)).toBe(slot);
    expect(fleet.metaSync(9999)).toEqual({ state: 'FREE', since: T, heading: null, speed_kmh: null, at: T });
    expect(fleet.knows(slot)).toBe(false);
    expect(fleet.count).toBe(n);
    expect(fleet.metaSync(4321)).toMatchObject({ heading: 4321 % 360, at: T + 4321 });
    // nearby over the grown columns is the brute-force answer
    const q: [number, number] = [7.45, 43.65];
    const hits = fleet.nearbySync(q[0], q[1], 800, 20, (meta) => meta.state === 'ON_TRIP');
    const expected = fleet
      .allSync()
      .filter((p) => p.meta.state === 'ON_TRIP')
      .map((p) => ({ id: p.id, d: approxDistanceM(q[0], q[1], p.lon, p.lat) }))
      .filter((p) => p.d <= 800)
      .sort((a, b) => a.d - b.d)
      .slice(0, 20);
    expect(hits.map((h) => h.distance_m)).toEqual(expected.map((e) => e.d));
    expect(hits.length).toBe(20);
  });

  it('an upsert from outside sets every fact; clear empties the fleet', async () => {
    const fleet = new LiveFleet();
    await fleet.upsert(3, 7.42, 43.73, { state: 'OFFERED', since: T, heading: 10, speed_kmh: 20, at: T });
    expect(await fleet.get(3)).toMatchObject({ meta: { state: 'OFFERED', heading: 10, speed_kmh: 20 } });
    expect(fleet.knows(fleet.slotOf(3))).toBe(false);
    await fleet.clear();
    expect(await fleet.size()).toBe(0);
    expect(await fleet.all()).toEqual([]);
  });
});
