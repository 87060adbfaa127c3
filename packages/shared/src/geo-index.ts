import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import { bbox, haversine, type LonLat, type PolygonGeometry } from './geo';

const M_PER_DEGREE_LAT = 111_320;

/**
 * Point-in-polygon lookups over many zones: their bounding boxes in a static R-tree (flatbush), then the
 * exact test (turf) on the few candidates. A point on a zone's border counts as inside it. Rebuilt whole
 * after a write (a static index is cheaper to rebuild than to update at these sizes).
 */
export class PolygonIndex<T> {
  private readonly tree: Flatbush | null;

  constructor(private readonly entries: readonly { item: T; geometry: PolygonGeometry }[]) {
    if (entries.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(entries.length);
    for (const e of entries) this.tree.add(...bbox(e.geometry));
    this.tree.finish();
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every zone holding the point, in insertion order. */
  containing(p: LonLat): T[] {
    if (!this.tree) return [];
    const hits = this.tree.search(p[0], p[1], p[0], p[1]).sort((a, b) => a - b);
    const out: T[] = [];
    for (const i of hits) if (booleanPointInPolygon(p, this.entries[i].geometry)) out.push(this.entries[i].item);
    return out;
  }

  /** The first zone holding the point, or null. */
  first(p: LonLat): T | null {
    return this.containing(p)[0] ?? null;
  }
}

/** The box around a circle, in degrees. */
function circleBox([lon, lat]: LonLat, radiusM: number): [number, number, number, number] {
  const dLat = radiusM / M_PER_DEGREE_LAT;
  const dLon = radiusM / (M_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}

export interface CircleHit<T> {
  item: T;
  /** Straight-line distance from the point to the circle's centre, metres. */
  metres: number;
}

/** Point-in-radius lookups (stations, blacklisted points): circles' boxes in flatbush, then the distance. */
export class CircleIndex<T> {
  private readonly tree: Flatbush | null;

  constructor(private readonly entries: readonly { item: T; center: LonLat; radiusM: number }[]) {
    if (entries.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(entries.length);
    for (const e of entries) this.tree.add(...circleBox(e.center, e.radiusM));
    this.tree.finish();
  }

  get size(): number {
    return this.entries.length;
  }

  /** The circles holding the point (border included), nearest centre first. */
  containing(p: LonLat): CircleHit<T>[] {
    if (!this.tree) return [];
    const out: CircleHit<T>[] = [];
    for (const i of this.tree.search(p[0], p[1], p[0], p[1])) {
      const e = this.entries[i];
      const metres = haversine(p, e.center);
      if (metres <= e.radiusM) out.push({ item: e.item, metres });
    }
    return out.sort((a, b) => a.metres - b.metres);
  }

  /** The circle whose centre is nearest to the point (within maxMetres), or null. */
  nearest(p: LonLat, maxMetres = Number.POSITIVE_INFINITY): CircleHit<T> | null {
    let best: CircleHit<T> | null = null;
    for (const e of this.entries) {
      const metres = haversine(p, e.center);
      if (metres <= maxMetres && (!best || metres < best.metres)) best = { item: e.item, metres };
    }
    return best;
  }
}
