/**
 * `npm run bench -- geo`: point-in-zone lookups through the map layers' spatial index (flatbush boxes, then
 * turf's exact test) over 1,000 seeded polygons, against a naive linear scan (turf's test on every polygon) in
 * the same run; and point-in-radius over 1,000 circles, against the same kind of scan. Per-lookup time from
 * batches of 1,000 lookups (p50/p95 of the batch means). Target: under 0.05 ms per point-in-zone lookup.
 */

import { haversine, type LonLat, type PolygonGeometry } from '@taxi/shared/geo';
import { CircleIndex, PolygonIndex } from '@taxi/shared/geo-index';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { stats, writeResult } from './lib';

const POLYGONS = 1000;
const LOOKUPS = 100_000;
const BATCH = 1000;
const TARGET_MS = 0.05;

/** mulberry32: a seeded generator, so every run draws the same zones and points. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1,000 zones tiling a 40 × 25 grid over the coast (about 0.4° × 0.25°), each a star-shaped ring of 12–40 vertices. */
function zones(r: () => number): PolygonGeometry[] {
  const out: PolygonGeometry[] = [];
  const [lon0, lat0] = [7.2, 43.6];
  const cell = 0.01;
  for (let i = 0; i < POLYGONS; i++) {
    const cx = lon0 + (i % 40) * cell + cell / 2;
    const cy = lat0 + Math.floor(i / 40) * cell + cell / 2;
    const n = 12 + Math.floor(r() * 29);
    const ring: LonLat[] = [];
    for (let k = 0; k < n; k++) {
      const angle = (2 * Math.PI * k) / n;
      const radius = (cell / 2) * (0.6 + 0.4 * r());
      ring.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
    ring.push(ring[0]);
    out.push({ type: 'Polygon', coordinates: [ring] });
  }
  return out;
}

function perLookup(points: readonly LonLat[], lookup: (p: LonLat) => unknown) {
  for (let i = 0; i < 2000; i++) lookup(points[i]); // warm-up
  const samples: number[] = [];
  let sink = 0;
  for (let i = 0; i + BATCH <= points.length; i += BATCH) {
    const start = performance.now();
    for (let j = i; j < i + BATCH; j++) sink += lookup(points[j]) ? 1 : 0;
    samples.push((performance.now() - start) / BATCH);
  }
  return { ...stats(samples), mean_us: (samples.reduce((a, b) => a + b, 0) / samples.length) * 1000, hits: sink };
}

export async function benchGeo(): Promise<void> {
  const r = rng(2026);
  const geometries = zones(r);
  const points: LonLat[] = Array.from({ length: LOOKUPS }, () => [7.19 + r() * 0.42, 43.59 + r() * 0.27]);

  const t0 = performance.now();
  const index = new PolygonIndex(geometries.map((geometry, i) => ({ item: i, geometry })));
  const buildMs = performance.now() - t0;
  const indexed = perLookup(points, (p) => index.first(p) !== null);
  const naive = perLookup(points, (p) => geometries.findIndex((g) => booleanPointInPolygon(p, g)) !== -1);
  // Both give the same answers (the index is an accelerator, not an approximation).
  const same = points
    .slice(0, 5000)
    .every((p) => (index.first(p) ?? -1) === geometries.findIndex((g) => booleanPointInPolygon(p, g)));

  const centres = geometries.map(
    (_, i) => [7.2 + (i % 40) * 0.01 + 0.005, 43.6 + Math.floor(i / 40) * 0.01 + 0.005] as LonLat,
  );
  const circles = new CircleIndex(centres.map((center, i) => ({ item: i, center, radiusM: 300 })));
  const circleIndexed = perLookup(points, (p) => circles.containing(p).length);
  const circleNaive = perLookup(points, (p) => centres.filter((c) => haversine(p, c) <= 300).length);

  const result = {
    polygons: POLYGONS,
    lookups: LOOKUPS,
    build_ms: Math.round(buildMs * 1000) / 1000,
    point_in_zone: { indexed, naive_scan: naive, naive_over_indexed_mean: Math.round(naive.mean_us / indexed.mean_us) },
    point_in_radius: {
      indexed: circleIndexed,
      naive_scan: circleNaive,
      naive_over_indexed_mean: Math.round(circleNaive.mean_us / circleIndexed.mean_us),
    },
    same_answers: same,
    target_p95_ms: TARGET_MS,
    meets_target: indexed.p95_ms < TARGET_MS,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${writeResult('geo', result)}`);
}
