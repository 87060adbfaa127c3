import { bbox, bearing, centroid, distanceToPolygon, haversine, type LonLat, pointInPolygon } from '@taxi/shared/geo';
import { describe, expect, it } from 'vitest';

describe('geo', () => {
  it('haversine: one degree of latitude ≈ 111.2 km; zero for the same point', () => {
    expect(haversine([7.42, 43.73], [7.42, 44.73])).toBeCloseTo(111_195, -1);
    expect(haversine([7.42, 43.73], [7.42, 43.73])).toBe(0);
    // Paris → London ≈ 343.5 km
    expect(haversine([2.3522, 48.8566], [-0.1278, 51.5074]) / 1000).toBeCloseTo(343.5, 0);
  });

  it('bearing: cardinal directions', () => {
    expect(bearing([7, 43], [7, 44])).toBeCloseTo(0, 5);
    expect(bearing([7, 43], [8, 43])).toBeCloseTo(89.66, 1);
    expect(bearing([7, 44], [7, 43])).toBeCloseTo(180, 5);
    expect(bearing([8, 43], [7, 43])).toBeCloseTo(270.34, 1);
  });

  const square: LonLat[] = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ];
  const hole: LonLat[] = [
    [4, 4],
    [6, 4],
    [6, 6],
    [4, 6],
    [4, 4],
  ];

  it('point in polygon with a hole, and in a multipolygon', () => {
    const poly = { type: 'Polygon' as const, coordinates: [square, hole] };
    expect(pointInPolygon([1, 1], poly)).toBe(true);
    expect(pointInPolygon([5, 5], poly)).toBe(false);
    expect(pointInPolygon([11, 5], poly)).toBe(false);
    const far: LonLat[] = square.map(([x, y]) => [x + 20, y]);
    const multi = { type: 'MultiPolygon' as const, coordinates: [[square], [far]] };
    expect(pointInPolygon([25, 5], multi)).toBe(true);
    expect(pointInPolygon([15, 5], multi)).toBe(false);
  });

  it('bbox, centroid, distance to a polygon', () => {
    const poly = { type: 'Polygon' as const, coordinates: [square] };
    expect(bbox(poly)).toEqual([0, 0, 10, 10]);
    expect(bbox([[1, 2] as LonLat, [-1, 5] as LonLat])).toEqual([-1, 2, 1, 5]);
    const c = centroid(poly);
    expect(c[0]).toBeCloseTo(5);
    expect(c[1]).toBeCloseTo(5);
    expect(distanceToPolygon([5, 5], poly)).toBe(0);
    // 1° of latitude south of the square's bottom edge
    expect(distanceToPolygon([5, -1], poly)).toBeCloseTo(111_195, -2);
  });
});
