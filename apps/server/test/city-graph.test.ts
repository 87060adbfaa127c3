import { haversine, type LonLat } from '@taxi/shared/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGeojsonFolder } from '../src/modules/city/geojson-reader';
import { StreetGraph, straightLineRoute } from '../src/modules/city/street-graph';
import type { CityData, RoadRecord } from '../src/modules/city/types';
import { CITY, hasCity } from './city-fixtures';

const road = (osm_id: number, coordinates: LonLat[], extra: Partial<RoadRecord> = {}): RoadRecord => ({
  osm_id,
  name: null,
  highway: 'primary',
  oneway: 'no',
  maxspeed: 36,
  junction: null,
  coordinates,
  ...extra,
});

describe('street graph: synthetic streets', () => {
  // A ──► B  (one-way east), and a detour A ─ C ─ B both ways. A, B, C on a ~111 m grid.
  const A: LonLat = [7.42, 43.73];
  const B: LonLat = [7.4215, 43.73];
  const C: LonLat = [7.42075, 43.731];

  it('respects one-way streets', () => {
    const g = StreetGraph.build([road(1, [A, B], { oneway: 'yes' }), road(2, [A, C, B])]);
    expect(g.stats.nodes).toBe(3);
    expect(g.stats.edges).toBe(1 + 4);
    const ab = g.route(A, B);
    const ba = g.route(B, A);
    expect(ab.kind).toBe('graph');
    expect(ab.coordinates).toEqual([A, A, B, B]);
    expect(ab.metres).toBeCloseTo(haversine(A, B), 3);
    expect(ab.seconds).toBeCloseTo(haversine(A, B) / 10, 3); // 36 km/h = 10 m/s
    // Back against the one-way: via C
    expect(ba.coordinates).toEqual([B, B, C, A, A]);
    expect(ba.metres).toBeCloseTo(haversine(B, C) + haversine(C, A), 3);
  });

  it('oneway=-1 is against the coordinates; a roundabout is one-way', () => {
    const g = StreetGraph.build([road(1, [A, B], { oneway: '-1' })]);
    expect(g.routeNodes(g.nearestNode(B), g.nearestNode(A))).not.toBeNull();
    expect(g.routeNodes(g.nearestNode(A), g.nearestNode(B))).toBeNull();
    // No path: falls back to a straight line
    expect(g.route(A, B).kind).toBe('straight');
  });

  it('splits ways at shared coordinates in the middle of a way', () => {
    const M: LonLat = [7.42075, 43.73];
    const N: LonLat = [7.42075, 43.7295];
    // Way 1 runs A-M-B, way 2 goes from M south to N: N is reachable from A only through M.
    const g = StreetGraph.build([road(1, [A, M, B]), road(2, [M, N])]);
    expect(g.stats.nodes).toBe(4);
    expect(g.stats.largestComponentNodes).toBe(4);
    expect(g.route(A, N).coordinates).toEqual([A, A, M, N, N]);
  });

  it('straight-line fallback uses haversine at an assumed speed', () => {
    const r = straightLineRoute(A, B, 36);
    expect(r.kind).toBe('straight');
    expect(r.metres).toBeCloseTo(haversine(A, B), 6);
    expect(r.seconds).toBeCloseTo(haversine(A, B) / 10, 6);
  });
});

describe.skipIf(!hasCity)('street graph: the demo city', () => {
  let data: CityData;
  let graph: StreetGraph;
  const place = (name: string): LonLat => {
    const p = data.places.find((x) => x.name === name);
    if (!p) throw new Error(`no place ${name}`);
    return [p.lon, p.lat];
  };

  beforeAll(async () => {
    data = await readGeojsonFolder(CITY);
    graph = StreetGraph.build(data.roads);
  });

  it('has the documented largest connected part (5,177 of 5,275 coordinates)', () => {
    const s = graph.stats;
    console.log(
      `street graph: ${s.nodes} nodes, ${s.edges} directed edges, ${s.components} components, largest ${s.largestComponentNodes} nodes, built in ${s.buildMs.toFixed(1)} ms`,
    );
    expect(s.nodes).toBe(5275);
    expect(s.largestComponentNodes).toBe(5177);
  });

  it('routes between two real places along streets', () => {
    const casino = place('Casino de Monte Carlo');
    const stadium = place('Stade Louis-II');
    const r = graph.route(casino, stadium);
    expect(r.kind).toBe('graph');
    const crow = haversine(casino, stadium);
    expect(r.metres).toBeGreaterThan(crow);
    expect(r.metres).toBeLessThan(crow * 3);
    expect(r.seconds).toBeGreaterThan(60);
    expect(r.seconds).toBeLessThan(20 * 60);
    expect(r.coordinates[0]).toEqual(casino);
    expect(r.coordinates.at(-1)).toEqual(stadium);
    // consecutive points are close (it follows streets, not a straight line)
    for (let i = 2; i < r.coordinates.length - 1; i++)
      expect(haversine(r.coordinates[i - 1], r.coordinates[i])).toBeLessThan(400);
    console.log(
      `Casino → Stade Louis-II: ${Math.round(r.metres)} m in ${Math.round(r.seconds)} s (${r.coordinates.length} points; straight line ${Math.round(crow)} m)`,
    );
  });

  it('answers route queries fast (timing printed, not asserted)', () => {
    const points = data.places.map((p): LonLat => [p.lon, p.lat]);
    let found = 0;
    const n = 500;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const r = graph.route(points[(i * 7) % points.length], points[(i * 13 + 5) % points.length]);
      if (r.kind === 'graph') found++;
    }
    const ms = (performance.now() - t0) / n;
    let nearest = performance.now();
    for (let i = 0; i < n; i++) graph.nearestNode(points[i % points.length]);
    nearest = (performance.now() - nearest) / n;
    console.log(
      `route query: ${ms.toFixed(3)} ms mean over ${n} place-to-place routes (${found} on streets); nearest node ${(nearest * 1000).toFixed(1)} µs`,
    );
    expect(found / n).toBeGreaterThan(0.9);
  });
});
