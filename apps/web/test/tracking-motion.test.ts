import { describe, expect, it } from 'vitest';
import {
  CAPTAIN_SOURCE_OPTIONS,
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  clusterOptionsFor,
  clustersAt,
  easeInOut,
  flushMs,
  GLIDE_MAX_MS,
  GLIDE_MIN_MS,
  glideAt,
  glideDuration,
  glideFrameMs,
  headingOf,
  LARGE_FLEET,
  LARGE_FLEET_CLUSTER_MAX_ZOOM,
  LARGE_FLEET_CLUSTER_RADIUS_PX,
  type LonLat,
  lerpAngle,
  lerpPosition,
  MAX_GLIDE_FLEET,
  screenDistancePx,
} from '../src/features/tracking/motion';

const MONACO: LonLat = [7.4246, 43.7384];
/** ~metres east/north of a point (at Monaco's latitude). */
const offset = (p: LonLat, east: number, north: number): LonLat => [
  p[0] + east / (111_320 * Math.cos((p[1] * Math.PI) / 180)),
  p[1] + north / 110_574,
];

describe('heading', () => {
  it('takes the reported heading when there is one', () => {
    expect(headingOf(MONACO, offset(MONACO, 100, 0), 370, null)).toBe(10);
    expect(headingOf(null, MONACO, -90, null)).toBe(270);
  });

  it('computes the bearing of the move when the report has none', () => {
    expect(headingOf(MONACO, offset(MONACO, 0, 100), null, null)).toBe(0);
    expect(headingOf(MONACO, offset(MONACO, 100, 0), null, null)).toBe(90);
    expect(headingOf(MONACO, offset(MONACO, 0, -100), null, null)).toBe(180);
    expect(headingOf(MONACO, offset(MONACO, -100, -100), null, null)).toBe(225);
  });

  it('keeps the previous heading when the captain barely moved (GPS jitter)', () => {
    expect(headingOf(MONACO, offset(MONACO, 1, 1), null, 42)).toBe(42);
    expect(headingOf(null, MONACO, null, null)).toBeNull();
  });

  it('turns the short way round', () => {
    expect(lerpAngle(350, 10, 0.5)).toBeCloseTo(0, 9);
    expect(lerpAngle(10, 350, 0.25)).toBeCloseTo(5, 9);
    expect(lerpAngle(90, 270, 1)).toBe(270);
  });
});

describe('interpolation', () => {
  it('interpolates positions linearly and clamps', () => {
    const a: LonLat = [7.4, 43.7];
    const b: LonLat = [7.5, 43.8];
    expect(lerpPosition(a, b, 0.5)[0]).toBeCloseTo(7.45, 9);
    expect(lerpPosition(a, b, 0.5)[1]).toBeCloseTo(43.75, 9);
    expect(lerpPosition(a, b, -1)).toEqual(a);
    expect(lerpPosition(a, b, 2)).toEqual(b);
  });

  it('eases in and out, symmetric around the middle', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.5)).toBeCloseTo(0.5, 9);
    expect(easeInOut(0.25) + easeInOut(0.75)).toBeCloseTo(1, 9);
  });

  it('glides over the time between reports, bounded; jumps on first reports, teleports and reduced motion', () => {
    const near = offset(MONACO, 50, 0);
    expect(glideDuration(MONACO, near, 0, 2000, false)).toBe(2000);
    expect(glideDuration(MONACO, near, 0, 50, false)).toBe(GLIDE_MIN_MS);
    expect(glideDuration(MONACO, near, 0, 60_000, false)).toBe(GLIDE_MAX_MS);
    expect(glideDuration(MONACO, near, null, 2000, false)).toBe(0);
    expect(glideDuration(MONACO, offset(MONACO, 5000, 0), 0, 2000, false)).toBe(0);
    expect(glideDuration(MONACO, near, 0, 2000, true)).toBe(0);
  });

  it('a glide is at its start, eased in between, and done at its end', () => {
    const glide = { from: MONACO, to: offset(MONACO, 100, 0), start: 1000, duration: 2000 };
    expect(glideAt(glide, 1000)).toEqual({ position: MONACO, done: false });
    const mid = glideAt(glide, 2000);
    expect(mid.done).toBe(false);
    expect(mid.position[0]).toBeCloseTo((MONACO[0] + glide.to[0]) / 2, 9);
    expect(glideAt(glide, 3000)).toEqual({ position: glide.to, done: true });
    expect(glideAt({ ...glide, duration: 0 }, 0)).toEqual({ position: glide.to, done: true });
  });
});

describe('cluster or not', () => {
  it('measures screen distance in CSS pixels (512 px tiles)', () => {
    // At zoom 0 the world is 512 px wide: 180° of longitude is 256 px at the equator.
    expect(screenDistancePx([0, 0], [180, 0], 0)).toBeCloseTo(256, 6);
    // Each zoom level doubles it.
    const d12 = screenDistancePx(MONACO, offset(MONACO, 100, 0), 12);
    expect(screenDistancePx(MONACO, offset(MONACO, 100, 0), 13)).toBeCloseTo(d12 * 2, 6);
  });

  it('zoomed out, captains a few streets apart stay single; only overlapping markers cluster', () => {
    const zoom = CLUSTER_MAX_ZOOM;
    // ~300 m apart at zoom 12 is ~ 22 px: separate markers.
    expect(clustersAt(MONACO, offset(MONACO, 300, 0), zoom)).toBe(false);
    // Two captains at the same rank (20 m) overlap: one cluster.
    expect(clustersAt(MONACO, offset(MONACO, 20, 0), zoom)).toBe(true);
    // From the city view on, nothing clusters, even at the same spot.
    expect(clustersAt(MONACO, MONACO, 13)).toBe(false);
    expect(clustersAt(MONACO, MONACO, 16)).toBe(false);
  });

  it('the source clusters with the same radius and max zoom as the decision', () => {
    expect(CAPTAIN_SOURCE_OPTIONS).toEqual({
      cluster: true,
      clusterRadius: CLUSTER_RADIUS_PX,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
    });
  });

  it('150 captains spread over the city: drawn on their own at city zoom, clustered only where they overlap', () => {
    // A pseudo-random spread over ~3 km × 2 km (the demo city's size), the same on every run.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const fleet: LonLat[] = Array.from({ length: 150 }, () =>
      offset(MONACO, random() * 3000 - 1500, random() * 2000 - 1000),
    );
    const alone = (zoom: number) =>
      fleet.filter((p, i) => fleet.every((q, j) => i === j || !clustersAt(p, q, zoom))).length;
    // The tracking page frames the demo fleet at city zoom (13–14): every captain is its own marker.
    expect(alone(13)).toBe(150);
    expect(alone(14)).toBe(150);
    // Zoomed out, the markers that overlap are grouped, the rest stay single.
    expect(alone(12)).toBeGreaterThan(5);
    expect(alone(12)).toBeLessThan(150);
    expect(alone(11)).toBeLessThan(alone(12));
  });

  it('a large fleet clusters up to street zoom and glides less often, then not at all', () => {
    expect(clusterOptionsFor(150).clusterMaxZoom).toBe(CLUSTER_MAX_ZOOM);
    expect(clusterOptionsFor(LARGE_FLEET).clusterMaxZoom).toBe(CLUSTER_MAX_ZOOM);
    expect(clusterOptionsFor(LARGE_FLEET + 1)).toEqual({
      cluster: true,
      clusterRadius: LARGE_FLEET_CLUSTER_RADIUS_PX,
      clusterMaxZoom: LARGE_FLEET_CLUSTER_MAX_ZOOM,
    });
    expect(glideFrameMs(150)).toBe(33);
    expect(glideFrameMs(1500)).toBe(150);
    expect(glideFrameMs(MAX_GLIDE_FLEET)).toBe(200);
    expect(glideFrameMs(MAX_GLIDE_FLEET + 1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads the store four times a second for a city fleet, down to once a second for the largest', () => {
    expect(flushMs(150)).toBe(250);
    expect(flushMs(MAX_GLIDE_FLEET)).toBe(250);
    expect(flushMs(5000)).toBe(333);
    expect(flushMs(15_000)).toBe(1000);
    expect(flushMs(30_000)).toBe(1000);
  });
});
