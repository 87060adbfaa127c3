import { haversine, type LonLat } from '@taxi/shared/geo';
import { describe, expect, it } from 'vitest';
import { readGeojsonFolder } from '../src/modules/city/geojson-reader';
import { CityService } from '../src/modules/city/service';
import { DrivePath } from '../src/simulator/path';
import { CITY, hasCity } from './city-fixtures';

const A: LonLat = [7.42, 43.73];
const B: LonLat = [7.421, 43.73];
const C: LonLat = [7.422, 43.73];

describe('DrivePath: a route driven along its time profile', () => {
  it('drives each segment at its own speed and reports that speed', () => {
    // Two segments of the same length: 10 s on the first, 20 s on the second.
    const path = new DrivePath([A, B, C], [0, 10, 30]);
    const half = haversine(A, B);
    let { at } = path.advance(5);
    expect(haversine(at, A)).toBeCloseTo(half / 2, 0);
    expect(path.speed).toBeCloseTo(half / 10, 3);
    ({ at } = path.advance(15)); // t = 20 s: halfway along the slower segment
    expect(haversine(at, B)).toBeCloseTo(haversine(B, C) / 2, 0);
    expect(path.speed).toBeCloseTo(haversine(B, C) / 20, 3);
    expect(path.done).toBe(false);
    path.advance(100);
    expect(path.done).toBe(true);
    expect(path.position().at).toEqual(C);
  });

  it("a faster driver's pace shortens every segment alike", () => {
    const path = new DrivePath([A, B, C], [0, 10, 30], 1.25);
    expect(path.seconds).toBeCloseTo(24, 6);
    path.advance(8);
    expect(haversine(path.position().at, B)).toBeLessThan(0.01);
  });
});

describe.skipIf(!hasCity)('street routes carry their time profile', () => {
  it('times rise along the coordinates, end at the route duration, and give each street its own speed', async () => {
    const city = CityService.fromData(await readGeojsonFolder(CITY));
    const route = city.route([7.4246, 43.7396], [7.4155, 43.7275]);
    expect(route.kind).toBe('graph');
    expect(route.times).toHaveLength(route.coordinates.length);
    expect(route.times[0]).toBe(0);
    expect(route.times.at(-1)).toBeCloseTo(route.seconds, 6);
    for (let i = 1; i < route.times.length; i++) expect(route.times[i]).toBeGreaterThanOrEqual(route.times[i - 1]);
    // Segment speeds differ along the way (streets of different classes), unlike one average speed.
    const speeds = new Set<number>();
    for (let i = 1; i < route.coordinates.length; i++) {
      const dt = route.times[i] - route.times[i - 1];
      if (dt > 0) speeds.add(Math.round((haversine(route.coordinates[i - 1], route.coordinates[i]) / dt) * 3.6));
    }
    expect(speeds.size).toBeGreaterThan(2);
  });
});
