import { describe, expect, it } from 'vitest';
import type { LonLat } from '../src/geo';
import { PolygonIndex } from '../src/geo-index';
import { coverageStep, shiftsMapCounts } from '../src/shifts-map';
import { supplyDemandCounts, supplyDemandLevel } from '../src/supply-demand';

const square = (x0: number, y0: number): { type: 'Polygon'; coordinates: LonLat[][] } => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x0 + 1, y0],
      [x0 + 1, y0 + 1],
      [x0, y0 + 1],
      [x0, y0],
    ],
  ],
});
/** Three unit squares side by side: West (1) at x 0..1, Centre (2) at 1..2, East (3) at 2..3. */
const SECTORS = [
  { id: 1, name: 'West' },
  { id: 2, name: 'Centre' },
  { id: 3, name: 'East' },
];
const index = new PolygonIndex(SECTORS.map((s, i) => ({ item: s, geometry: square(i, 0) })));
const sectorAt = (p: LonLat) => index.first(p)?.id ?? null;
const nameOf = (id: number) => SECTORS.find((s) => s.id === id)?.name ?? `#${id}`;
const W: LonLat = [0.5, 0.5];
const C: LonLat = [1.5, 0.5];
const E: LonLat = [2.5, 0.5];
const NOWHERE: LonLat = [9, 9];

describe('supplyDemandLevel', () => {
  it('grades the gap between waiting bookings and free captains', () => {
    expect(supplyDemandLevel(0, 0)).toBe('none');
    expect(supplyDemandLevel(0, 3)).toBe('balanced');
    expect(supplyDemandLevel(2, 2)).toBe('balanced');
    expect(supplyDemandLevel(3, 2)).toBe('low');
    expect(supplyDemandLevel(3, 1)).toBe('medium');
    expect(supplyDemandLevel(3, 0)).toBe('medium');
    expect(supplyDemandLevel(4, 0)).toBe('high');
    expect(supplyDemandLevel(9, 2)).toBe('high');
  });
});

describe('supplyDemandCounts', () => {
  it('counts pickups and free captains per sector; every sector is listed, by name', () => {
    const out = supplyDemandCounts([W, W, W, C, NOWHERE], [W, C, C, NOWHERE], SECTORS, sectorAt);
    expect(out.sectors).toEqual([
      { id: 2, name: 'Centre', waiting: 1, free: 2, level: 'balanced' },
      { id: 3, name: 'East', waiting: 0, free: 0, level: 'none' },
      { id: 1, name: 'West', waiting: 3, free: 1, level: 'medium' },
    ]);
    // The totals hold the points outside every sector too.
    expect([out.waiting, out.free]).toEqual([5, 4]);
  });

  it('a point on the border between two sectors counts once', () => {
    const out = supplyDemandCounts([[1, 0.5]], [], SECTORS, sectorAt);
    expect(out.sectors.reduce((n, s) => n + s.waiting, 0)).toBe(1);
  });
});

describe('shiftsMapCounts', () => {
  it('planned per sector of the zones, present only inside the own zone, and who is outside', () => {
    const positions = new Map<number, LonLat>([
      [10, W], // in zone West
      [11, E], // zone Centre, stands East
      [13, NOWHERE], // zone West, outside every sector
    ]);
    const out = shiftsMapCounts(
      [
        { captain_id: 10, name: 'Ada', sector_ids: [1, 2] },
        { captain_id: 11, name: 'Bo', sector_ids: [2] },
        { captain_id: 12, name: 'Cy', sector_ids: [1] }, // offline
        { captain_id: 13, name: 'Di', sector_ids: [1] },
      ],
      positions,
      sectorAt,
      nameOf,
    );
    expect(out.sectors).toEqual([
      { id: 2, name: 'Centre', planned: 2, present: 0 },
      { id: 1, name: 'West', planned: 3, present: 1 },
    ]);
    expect(out.captains.map((c) => [c.name, c.online, c.sector_id, c.in_zone])).toEqual([
      ['Ada', true, 1, true],
      ['Bo', true, 3, false],
      ['Cy', false, null, false],
      ['Di', true, null, false],
    ]);
    expect(out.captains[1]).toMatchObject({ lon: E[0], lat: E[1], sector_ids: [2] });
  });

  it('two shifts of one captain touching the instant count the captain once, over both zones', () => {
    const out = shiftsMapCounts(
      [
        { captain_id: 10, name: 'Ada', sector_ids: [1] },
        { captain_id: 10, name: 'Ada', sector_ids: [1, 2] },
      ],
      new Map([[10, C]]),
      sectorAt,
      nameOf,
    );
    expect(out.sectors.map((s) => [s.id, s.planned, s.present])).toEqual([
      [2, 1, 1],
      [1, 1, 0],
    ]);
    expect(out.captains).toHaveLength(1);
    expect(out.captains[0]).toMatchObject({ sector_ids: [1, 2], in_zone: true });
  });

  it('the legend steps: none, 1–2, 3–5, 6–9, 10 and more', () => {
    expect([0, 1, 2, 3, 5, 6, 9, 10, 40].map(coverageStep)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});
