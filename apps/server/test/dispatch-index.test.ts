import { beforeEach, describe, expect, it } from 'vitest';
import { approxDistanceM, GridIndex, type PositionIndex } from '../src/dispatch/spatial-index';

const CENTRE: [number, number] = [7.4246, 43.7384];

/** Deterministic pseudo-random points around the centre. */
function points(n: number, spreadDeg = 0.05, seed = 7) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    lon: CENTRE[0] + (rnd() - 0.5) * spreadDeg,
    lat: CENTRE[1] + (rnd() - 0.5) * spreadDeg,
    meta: { state: i % 2 === 0 ? 'FREE' : 'ON_TRIP' },
  }));
}

function contract(name: string, make: () => Promise<PositionIndex | null>) {
  describe(`PositionIndex contract: ${name}`, () => {
    let index: PositionIndex;
    beforeEach(async (ctx) => {
      const made = await make();
      if (!made) return ctx.skip();
      index = made;
      await index.clear();
    });

    it('upserts, gets, moves and removes', async () => {
      await index.upsert(1, CENTRE[0], CENTRE[1], { state: 'FREE' });
      expect(await index.size()).toBe(1);
      const got = await index.get(1);
      expect(got?.meta).toEqual({ state: 'FREE' });
      expect(got?.lon).toBeCloseTo(CENTRE[0], 4);
      await index.upsert(1, CENTRE[0] + 0.02, CENTRE[1], { state: 'ON_TRIP' });
      expect(await index.size()).toBe(1);
      expect((await index.get(1))?.meta).toEqual({ state: 'ON_TRIP' });
      expect(await index.nearby(CENTRE[0], CENTRE[1], 500, 10)).toEqual([]);
      expect((await index.nearby(CENTRE[0] + 0.02, CENTRE[1], 500, 10)).map((h) => h.id)).toEqual([1]);
      await index.remove(1);
      expect(await index.get(1)).toBeNull();
      expect(await index.size()).toBe(0);
      await index.remove(99); // removing an unknown id is harmless
    });

    it('nearby returns the k nearest within the radius, nearest first, like a brute-force scan', async () => {
      const all = points(2000);
      await index.upsertMany(all);
      expect(await index.size()).toBe(2000);
      for (const [q, radius, k] of [
        [CENTRE, 1500, 10],
        [[CENTRE[0] + 0.01, CENTRE[1] - 0.01], 3000, 25],
        [[CENTRE[0] + 0.2, CENTRE[1]], 2000, 5],
        [CENTRE, 50_000, 40],
      ] as [[number, number], number, number][]) {
        const expected = all
          .map((p) => ({ id: p.id, d: approxDistanceM(q[0], q[1], p.lon, p.lat) }))
          .filter((p) => p.d <= radius)
          .sort((a, b) => a.d - b.d)
          .slice(0, k);
        const hits = await index.nearby(q[0], q[1], radius, k);
        expect(hits.length).toBe(expected.length);
        // same set (ties at the boundary may differ by rounding: compare with a tolerance)
        for (let i = 0; i < hits.length; i++) {
          expect(hits[i].distance_m).toBeCloseTo(expected[i].d, -1);
          if (i > 0) expect(hits[i].distance_m).toBeGreaterThanOrEqual(hits[i - 1].distance_m);
        }
        expect(hits.every((h) => typeof h.meta.state === 'string')).toBe(true);
      }
    });

    it('all lists every position', async () => {
      await index.upsertMany(points(30));
      const all = await index.all();
      expect(all.map((p) => p.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });
  });
}

contract('memory grid', async () => new GridIndex());

// The grid's speed (candidate search over 10,000 captains against SQL) is measured by `npm run bench dispatch`, not here.
