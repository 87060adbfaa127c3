import { EARTH_RADIUS_M } from '@taxi/shared/geo';

/** Free-form facts kept beside a position (state, heading, speed, report time, …). */
export type PositionMeta = Record<string, unknown>;

export interface IndexedPosition<M extends PositionMeta = PositionMeta> {
  id: number;
  lon: number;
  lat: number;
  meta: M;
}
export interface NearbyHit<M extends PositionMeta = PositionMeta> extends IndexedPosition<M> {
  /** Straight-line distance from the query point, metres. */
  distance_m: number;
}

/**
 * Where captains are now: an in-memory grid on each node (GridIndex). With several nodes, each node's grid
 * holds every captain, its own captains from their reports and the others' from the batches the other nodes
 * publish (see modules/tracking/position-relay.ts).
 */
export interface PositionIndex<M extends PositionMeta = PositionMeta> {
  upsert(id: number, lon: number, lat: number, meta: M): Promise<void>;
  /** Many at once. */
  upsertMany(items: readonly IndexedPosition<M>[]): Promise<void>;
  remove(id: number): Promise<void>;
  /** Positions within radiusM of the point, nearest first, at most `limit`. */
  nearby(lon: number, lat: number, radiusM: number, limit: number): Promise<NearbyHit<M>[]>;
  get(id: number): Promise<IndexedPosition<M> | null>;
  all(): Promise<IndexedPosition<M>[]>;
  size(): Promise<number>;
  clear(): Promise<void>;
}

const RAD = Math.PI / 180;
const M_PER_DEG = EARTH_RADIUS_M * RAD;

/** Fast distance for short ranges (equirectangular; < 0.1 % error within tens of km). */
export function approxDistanceM(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * RAD);
  const y = lat2 - lat1;
  return Math.sqrt(x * x + y * y) * M_PER_DEG;
}

interface Entry<M> {
  id: number;
  lon: number;
  lat: number;
  meta: M;
  cell: number;
}

/**
 * In-memory uniform grid over degrees. `nearby` visits cells ring by ring around the query and stops
 * as soon as the next ring cannot hold anything nearer than the k-th hit found, so the cost follows the
 * local density, not the total count.
 */
export class GridIndex<M extends PositionMeta = PositionMeta> implements PositionIndex<M> {
  private readonly cellDeg: number;
  private readonly cells = new Map<number, Set<Entry<M>>>();
  private readonly entries = new Map<number, Entry<M>>();

  /** cellM: the cell's north-south size in metres (default 500 m). */
  constructor(cellM = 500) {
    this.cellDeg = cellM / M_PER_DEG;
  }

  private key(ix: number, iy: number): number {
    return (ix + 200_000) * 400_000 + (iy + 200_000);
  }

  private cellOf(lon: number, lat: number): number {
    return this.key(Math.floor(lon / this.cellDeg), Math.floor(lat / this.cellDeg));
  }

  upsertSync(id: number, lon: number, lat: number, meta: M): void {
    const cell = this.cellOf(lon, lat);
    const existing = this.entries.get(id);
    if (existing) {
      existing.lon = lon;
      existing.lat = lat;
      existing.meta = meta;
      if (existing.cell === cell) return;
      this.cells.get(existing.cell)?.delete(existing);
      existing.cell = cell;
      this.bucket(cell).add(existing);
      return;
    }
    const entry: Entry<M> = { id, lon, lat, meta, cell };
    this.entries.set(id, entry);
    this.bucket(cell).add(entry);
  }

  private bucket(cell: number): Set<Entry<M>> {
    let set = this.cells.get(cell);
    if (!set) {
      set = new Set();
      this.cells.set(cell, set);
    }
    return set;
  }

  removeSync(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const set = this.cells.get(entry.cell);
    set?.delete(entry);
    if (set && set.size === 0) this.cells.delete(entry.cell);
  }

  /** The meta kept for id, as stored (nothing copied). */
  metaSync(id: number): M | undefined {
    return this.entries.get(id)?.meta;
  }

  getSync(id: number): IndexedPosition<M> | null {
    const e = this.entries.get(id);
    return e ? { id: e.id, lon: e.lon, lat: e.lat, meta: e.meta } : null;
  }

  /** Nearby with an optional filter applied while scanning (the filter does not count towards `limit`). */
  nearbySync(
    lon: number,
    lat: number,
    radiusM: number,
    limit: number,
    accept?: (meta: M, id: number) => boolean,
  ): NearbyHit<M>[] {
    if (limit <= 0 || this.entries.size === 0) return [];
    const cx = Math.floor(lon / this.cellDeg);
    const cy = Math.floor(lat / this.cellDeg);
    const cosLat = Math.max(0.01, Math.cos(Math.min(89, Math.abs(lat) + 1) * RAD));
    // metres one ring step is at least worth, in each axis
    const stepM = this.cellDeg * M_PER_DEG * cosLat;
    const maxRing = Math.ceil(radiusM / stepM) + 1;
    const hits: NearbyHit<M>[] = [];
    // A huge radius over few positions: scanning them all is cheaper than visiting empty cells.
    if ((2 * maxRing + 1) ** 2 > this.entries.size * 4) {
      for (const e of this.entries.values()) {
        const d = approxDistanceM(lon, lat, e.lon, e.lat);
        if (d > radiusM || (accept && !accept(e.meta, e.id))) continue;
        hits.push({ id: e.id, lon: e.lon, lat: e.lat, meta: e.meta, distance_m: d });
      }
      hits.sort((a, b) => a.distance_m - b.distance_m);
      if (hits.length > limit) hits.length = limit;
      return hits;
    }
    for (let r = 0; r <= maxRing; r++) {
      // a point in ring r is at least (r - 1) steps away
      if (hits.length >= limit) {
        hits.sort((a, b) => a.distance_m - b.distance_m);
        hits.length = limit;
        if (hits[limit - 1].distance_m <= (r - 1) * stepM) break;
      }
      for (let dx = -r; dx <= r; dx++) {
        const edge = dx === -r || dx === r;
        for (let dy = -r; dy <= r; dy += edge ? 1 : 2 * r) {
          const set = this.cells.get(this.key(cx + dx, cy + dy));
          if (set) {
            for (const e of set) {
              const d = approxDistanceM(lon, lat, e.lon, e.lat);
              if (d > radiusM || (accept && !accept(e.meta, e.id))) continue;
              hits.push({ id: e.id, lon: e.lon, lat: e.lat, meta: e.meta, distance_m: d });
            }
          }
          if (r === 0) break;
        }
      }
    }
    hits.sort((a, b) => a.distance_m - b.distance_m);
    if (hits.length > limit) hits.length = limit;
    return hits;
  }

  allSync(): IndexedPosition<M>[] {
    return [...this.entries.values()].map((e) => ({ id: e.id, lon: e.lon, lat: e.lat, meta: e.meta }));
  }

  get count(): number {
    return this.entries.size;
  }

  async upsert(id: number, lon: number, lat: number, meta: M): Promise<void> {
    this.upsertSync(id, lon, lat, meta);
  }
  async upsertMany(items: readonly IndexedPosition<M>[]): Promise<void> {
    for (const i of items) this.upsertSync(i.id, i.lon, i.lat, i.meta);
  }
  async remove(id: number): Promise<void> {
    this.removeSync(id);
  }
  async nearby(lon: number, lat: number, radiusM: number, limit: number): Promise<NearbyHit<M>[]> {
    return this.nearbySync(lon, lat, radiusM, limit);
  }
  async get(id: number): Promise<IndexedPosition<M> | null> {
    return this.getSync(id);
  }
  async all(): Promise<IndexedPosition<M>[]> {
    return this.allSync();
  }
  async size(): Promise<number> {
    return this.entries.size;
  }
  async clear(): Promise<void> {
    this.entries.clear();
    this.cells.clear();
  }
}
