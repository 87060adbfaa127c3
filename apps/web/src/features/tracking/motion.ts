import { bearing, haversine } from '@taxi/shared/geo';

/**
 * The maths of the tracking map, kept apart from MapLibre so it is unit-tested: where a captain is drawn
 * between two reports, which way it heads, and whether two captains share one cluster at a zoom.
 */

export type LonLat = [number, number];

/** Below this move (metres) a report keeps the previous heading: GPS jitter at a standstill has no direction. */
export const HEADING_MIN_MOVE_M = 3;
/** A glide lasts the time between the captain's two reports, within these bounds (ms). */
export const GLIDE_MIN_MS = 250;
export const GLIDE_MAX_MS = 5000;
/** Jumps longer than this (metres) are not animated: a teleport is not a drive. */
export const GLIDE_MAX_M = 2000;

/** Degrees in [0, 360). */
export function normaliseDegrees(deg: number): number {
  return ((deg % 360) + 360) % 360;
}

/**
 * The heading to draw after a report: the report's own when it has one, else the bearing of the move
 * from the previous position, else (no move worth a direction) the previous heading, possibly null.
 */
export function headingOf(
  previous: LonLat | null,
  next: LonLat,
  reported: number | null | undefined,
  previousHeading: number | null,
): number | null {
  if (reported !== null && reported !== undefined && Number.isFinite(reported)) return normaliseDegrees(reported);
  if (previous && haversine(previous, next) >= HEADING_MIN_MOVE_M) return Math.round(bearing(previous, next));
  return previousHeading;
}

/** Linear interpolation of a position (the city is small: lon/lat are linear enough). */
export function lerpPosition(from: LonLat, to: LonLat, t: number): LonLat {
  const k = Math.max(0, Math.min(1, t));
  return [from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k];
}

/** Interpolates an angle the short way round (350° → 10° passes through 0°). */
export function lerpAngle(from: number, to: number, t: number): number {
  const k = Math.max(0, Math.min(1, t));
  const delta = ((((to - from) % 360) + 540) % 360) - 180;
  return normaliseDegrees(from + delta * k);
}

/** Eases in and out, so a captain does not start or stop abruptly at each report. */
export function easeInOut(t: number): number {
  const k = Math.max(0, Math.min(1, t));
  return k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
}

/** A captain's glide from where it is drawn to its last reported position. */
export interface Glide {
  from: LonLat;
  to: LonLat;
  start: number;
  duration: number;
}

/**
 * How long to glide to a new report: the time since the captain's previous report (so it arrives when the
 * next one is due), bounded; 0 (jump) for a first report, a long jump, or when motion is reduced.
 */
export function glideDuration(
  from: LonLat,
  to: LonLat,
  previousAt: number | null,
  at: number,
  reducedMotion: boolean,
): number {
  if (reducedMotion || previousAt === null || !Number.isFinite(previousAt) || !Number.isFinite(at)) return 0;
  if (haversine(from, to) > GLIDE_MAX_M) return 0;
  const interval = at - previousAt;
  if (interval <= 0) return GLIDE_MIN_MS;
  return Math.max(GLIDE_MIN_MS, Math.min(GLIDE_MAX_MS, interval));
}

/** Where a glide is drawn at `now`, and whether it has arrived. */
export function glideAt(glide: Glide, now: number): { position: LonLat; done: boolean } {
  if (glide.duration <= 0 || now >= glide.start + glide.duration) return { position: glide.to, done: true };
  const t = easeInOut((now - glide.start) / glide.duration);
  return { position: lerpPosition(glide.from, glide.to, t), done: false };
}

/**
 * At most this many captains glide per frame; past it the rest jump to their report (a 5,000-captain fleet
 * keeps its frame rate, the few in view still move smoothly).
 */
export const MAX_GLIDING = 400;

// Clustering: a captain is its own marker whenever it does not overlap another one.

/** A captain's disc is about this wide on screen at city zoom (px). */
export const MARKER_PX = 13;
/** Points closer than this on screen (px) overlap and are drawn as one cluster. */
export const CLUSTER_RADIUS_PX = MARKER_PX;
/**
 * Past this zoom nothing clusters: from the city view (the whole city on screen, zoom 13 and more) every
 * captain is drawn, those at one taxi rank side by side. Clusters are for the region and country views.
 */
export const CLUSTER_MAX_ZOOM = 12;
/** The captains' names and plates are written beside them from this zoom on. */
export const LABEL_MIN_ZOOM = 15;

/** Screen distance (CSS px) between two positions at a zoom (Web Mercator, 512 px tiles as MapLibre). */
export function screenDistancePx(a: LonLat, b: LonLat, zoom: number): number {
  const scale = 512 * 2 ** zoom;
  const x = (lon: number) => ((lon + 180) / 360) * scale;
  const y = (lat: number) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * scale;
  };
  return Math.hypot(x(a[0]) - x(b[0]), y(a[1]) - y(b[1]));
}

/** Whether two captains are drawn as one cluster at a zoom: only when their markers would overlap. */
export function clustersAt(a: LonLat, b: LonLat, zoom: number): boolean {
  return zoom <= CLUSTER_MAX_ZOOM && screenDistancePx(a, b, zoom) < CLUSTER_RADIUS_PX;
}

/** Past this many captains the fleet is "large": fewer glides, and wide clusters up to street zoom. */
export const LARGE_FLEET = 1000;
/** Past this many captains nothing glides: each source update re-tiles the whole fleet. */
export const MAX_GLIDE_FLEET = 2000;
/** Clustering of a large fleet stops at this zoom (the old behaviour: street level only). */
export const LARGE_FLEET_CLUSTER_MAX_ZOOM = 14;
export const LARGE_FLEET_CLUSTER_RADIUS_PX = 50;

/**
 * Cluster or not: a city fleet (up to LARGE_FLEET) clusters only overlapping markers and only on region
 * views, so from the city view on every captain is drawn; a larger fleet clusters up to street zoom so
 * the map stays fluid.
 */
export function clusterOptionsFor(fleetSize: number) {
  const large = fleetSize > LARGE_FLEET;
  return {
    cluster: true,
    clusterRadius: large ? LARGE_FLEET_CLUSTER_RADIUS_PX : CLUSTER_RADIUS_PX,
    clusterMaxZoom: large ? LARGE_FLEET_CLUSTER_MAX_ZOOM : CLUSTER_MAX_ZOOM,
  } as const;
}

/** The captains' source options of a city fleet. */
export const CAPTAIN_SOURCE_OPTIONS = clusterOptionsFor(0);

/**
 * How often glides are drawn (ms) for a fleet: ~30 frames a second for a city fleet, fewer as it grows
 * (each frame re-tiles the source), none past MAX_GLIDE_FLEET (Infinity).
 */
export function glideFrameMs(fleetSize: number): number {
  if (fleetSize > MAX_GLIDE_FLEET) return Number.POSITIVE_INFINITY;
  return Math.max(33, Math.min(200, fleetSize / 10));
}

/**
 * How often the map reads the captains' store (ms): 4 times a second for a city fleet, down to once a second
 * for the largest. Each read that moves captains re-clusters and re-tiles the whole source and redraws the
 * map; a captain reports every few seconds, so a large fleet loses no movement and keeps its frame rate.
 */
export function flushMs(fleetSize: number): number {
  return Math.round(Math.max(250, Math.min(1000, fleetSize / 15)));
}
