import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LonLat, PolygonGeometry } from '../src/geo';
import { CircleIndex, PolygonIndex } from '../src/geo-index';
import { GEO_MSG, inDailyWindow, minutesOfDay, restrictedAreaRefuses } from '../src/geo-rules';
import { overlaps, parsePolygon, selfIntersects } from '../src/geo-validate';

const square = (x0: number, y0: number, x1: number, y1: number): LonLat[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

/** The demo city's quarters (OpenStreetMap), as the server imports them. */
const city = JSON.parse(
  readFileSync(new URL('../../../../shared/data/demo-city/sectors.geojson', import.meta.url), 'utf8'),
) as {
  features: { properties: { name: string }; geometry: PolygonGeometry }[];
};

describe('PolygonIndex: point in zone', () => {
  const withHole: PolygonGeometry = { type: 'Polygon', coordinates: [square(0, 0, 10, 10), square(4, 4, 6, 6)] };
  const multi: PolygonGeometry = {
    type: 'MultiPolygon',
    coordinates: [[square(20, 0, 22, 2)], [square(30, 0, 32, 2)]],
  };
  const index = new PolygonIndex([
    { item: 'holed', geometry: withHole },
    { item: 'multi', geometry: multi },
  ]);

  it('finds the zone holding a point inside, none outside', () => {
    expect(index.containing([1, 1])).toEqual(['holed']);
    expect(index.containing([15, 1])).toEqual([]);
    expect(index.containing([-1, -1])).toEqual([]);
  });

  it('counts a point on the border as inside', () => {
    expect(index.first([0, 5])).toBe('holed');
    expect(index.first([10, 10])).toBe('holed');
  });

  it('leaves out the holes', () => {
    expect(index.containing([5, 5])).toEqual([]);
    expect(index.containing([3.9, 5])).toEqual(['holed']);
  });

  it('finds each part of a multipolygon, and nothing between them', () => {
    expect(index.first([21, 1])).toBe('multi');
    expect(index.first([31, 1])).toBe('multi');
    expect(index.first([25, 1])).toBeNull();
  });

  it('answers on an empty index', () => {
    expect(new PolygonIndex<string>([]).containing([0, 0])).toEqual([]);
  });

  it('puts real places of the demo city in their quarters', () => {
    const quarters = new PolygonIndex(city.features.map((f) => ({ item: f.properties.name, geometry: f.geometry })));
    expect(quarters.size).toBe(6);
    // Casino de Monte-Carlo, the Prince's Palace, Stade Louis-II (places.geojson).
    expect(quarters.first([7.428023, 43.73916])).toBe('Monte-Carlo');
    expect(quarters.first([7.420115, 43.731352])).toBe('Monaco-Ville');
    expect(quarters.first([7.415524, 43.727495])).toBe('Fontvieille');
    // Out at sea, and in Nice.
    expect(quarters.first([7.45, 43.72])).toBeNull();
    expect(quarters.first([7.26, 43.7])).toBeNull();
  });
});

describe('CircleIndex: point in radius', () => {
  const casino: LonLat = [7.428023, 43.73916];
  const index = new CircleIndex([
    { item: 'casino', center: casino, radiusM: 50 },
    { item: 'station', center: [7.419592, 43.738234], radiusM: 60 },
  ]);

  it('holds points within the radius, nearest first, and not beyond', () => {
    // ~33 m north of the casino (0.0003° of latitude).
    const near = index.containing([casino[0], casino[1] + 0.0003]);
    expect(near.map((h) => h.item)).toEqual(['casino']);
    expect(near[0].metres).toBeGreaterThan(30);
    expect(near[0].metres).toBeLessThan(36);
    // ~67 m: outside.
    expect(index.containing([casino[0], casino[1] + 0.0006])).toEqual([]);
  });

  it('finds the nearest centre', () => {
    expect(index.nearest([7.4199, 43.7383])?.item).toBe('station');
    expect(index.nearest([7.4199, 43.7383], 5)).toBeNull();
  });
});

describe('outline validation', () => {
  it('accepts a Polygon, a MultiPolygon, a Feature and their JSON text', () => {
    const polygon = { type: 'Polygon', coordinates: [square(7.42, 43.73, 7.43, 43.74)] };
    expect(parsePolygon(polygon)).toEqual({ geometry: polygon });
    expect(parsePolygon(JSON.stringify(polygon))).toEqual({ geometry: polygon });
    expect(parsePolygon({ type: 'Feature', properties: {}, geometry: polygon })).toEqual({ geometry: polygon });
    expect('geometry' in parsePolygon(city.features[0].geometry)).toBe(true);
  });

  it('refuses what is not an outline, unclosed or short rings, coordinates out of range', () => {
    expect(parsePolygon('{nope')).toEqual({ error: GEO_MSG.notJson });
    expect(parsePolygon({ type: 'Point', coordinates: [1, 2] })).toEqual({ error: GEO_MSG.notGeometry });
    expect(parsePolygon({ type: 'Polygon', coordinates: [] })).toEqual({ error: GEO_MSG.notGeometry });
    const open = square(0, 0, 1, 1)
      .slice(0, 4)
      .concat([[0.5, 0.5]]);
    expect(parsePolygon({ type: 'Polygon', coordinates: [open] })).toEqual({ error: GEO_MSG.ringNotClosed });
    expect(
      parsePolygon({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toEqual({ error: GEO_MSG.ringTooShort });
    expect(parsePolygon({ type: 'Polygon', coordinates: [square(179, 0, 181, 1)] })).toEqual({
      error: GEO_MSG.outOfRange,
    });
    expect(parsePolygon({ type: 'Polygon', coordinates: [square(0, 89, 1, 91)] })).toEqual({
      error: GEO_MSG.outOfRange,
    });
  });

  it('refuses an outline that crosses itself (a bow tie)', () => {
    const bowTie: LonLat[] = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(selfIntersects({ type: 'Polygon', coordinates: [bowTie] })).toBe(true);
    expect(parsePolygon({ type: 'Polygon', coordinates: [bowTie] })).toEqual({ error: GEO_MSG.selfIntersects });
  });

  it('tells overlapping outlines from neighbours sharing a border', () => {
    const a: PolygonGeometry = { type: 'Polygon', coordinates: [square(7.42, 43.73, 7.43, 43.74)] };
    const touching: PolygonGeometry = { type: 'Polygon', coordinates: [square(7.43, 43.73, 7.44, 43.74)] };
    const crossing: PolygonGeometry = { type: 'Polygon', coordinates: [square(7.425, 43.735, 7.435, 43.745)] };
    const inside: PolygonGeometry = { type: 'Polygon', coordinates: [square(7.422, 43.732, 7.424, 43.734)] };
    expect(overlaps(a, touching)).toBe(false);
    expect(overlaps(a, crossing)).toBe(true);
    expect(overlaps(a, inside)).toBe(true);
  });

  it('finds no overlap between the demo city quarters', () => {
    const g = city.features.map((f) => f.geometry);
    for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) expect(overlaps(g[i], g[j])).toBe(false);
  });
});

describe('restricted areas', () => {
  // 2026-06-01 10:00 in Monaco (UTC+2).
  const morning = Date.parse('2026-06-01T08:00:00Z');
  const night = Date.parse('2026-06-01T21:30:00Z');
  const area = { appliesTo: 'both' as const, allowedServiceIds: [], allowedFrom: null, allowedTo: null };

  it('reads times of day and windows past midnight', () => {
    expect(minutesOfDay('07:30')).toBe(450);
    expect(minutesOfDay('7:30')).toBeNull();
    expect(minutesOfDay('24:00')).toBeNull();
    expect(inDailyWindow(23 * 60, 22 * 60, 6 * 60)).toBe(true);
    expect(inDailyWindow(12 * 60, 22 * 60, 6 * 60)).toBe(false);
  });

  it('refuses every booking when nothing is allowed, only the end it applies to', () => {
    expect(restrictedAreaRefuses(area, 'pickup', 1, morning)).toBe(true);
    expect(restrictedAreaRefuses({ ...area, appliesTo: 'pickup' }, 'dropoff', 1, morning)).toBe(false);
    expect(restrictedAreaRefuses({ ...area, appliesTo: 'dropoff' }, 'dropoff', 1, morning)).toBe(true);
  });

  it('lets the listed services and the daily window through', () => {
    const services = { ...area, allowedServiceIds: [2] };
    expect(restrictedAreaRefuses(services, 'pickup', 2, morning)).toBe(false);
    expect(restrictedAreaRefuses(services, 'pickup', 1, morning)).toBe(true);
    const window = { ...area, allowedFrom: '07:00', allowedTo: '21:00' };
    expect(restrictedAreaRefuses(window, 'pickup', 1, morning)).toBe(false);
    expect(restrictedAreaRefuses(window, 'pickup', 1, night)).toBe(true);
    const both = { ...window, allowedServiceIds: [2] };
    expect(restrictedAreaRefuses(both, 'pickup', 2, morning)).toBe(false);
    expect(restrictedAreaRefuses(both, 'pickup', 2, night)).toBe(true);
    expect(restrictedAreaRefuses(both, 'pickup', 1, morning)).toBe(true);
  });
});
