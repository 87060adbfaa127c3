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

/** Captain ids below this are found through an array (4 bytes an id, up to the highest id seen); others in a Map. */
const DENSE_IDS = 1 << 22;
const isDense = (id: number) => id >= 0 && id < DENSE_IDS && Number.isInteger(id);

/**
 * In-memory uniform grid over degrees. `nearby` visits cells ring by ring around the query and stops
 * as soon as the next ring cannot hold anything nearer than the k-th hit found, so the cost follows the
 * local density, not the total count.
 *
 * Each position has a slot, and a slot's numbers sit side by side in one Float64Array (`columns`, `stride` numbers a
 * slot: longitude, latitude, then a subclass's own). A node applies thousands of other nodes' positions a tick, each
 * to a captain last touched long ago: as objects, with a Map from id, each took ~5 cache misses (the map, the entry,
 * its meta and their boxed doubles); by slot, about two. Measured: `relay_apply` of `npm run bench dispatch`.
 */
export class GridIndex<M extends PositionMeta = PositionMeta> implements PositionIndex<M> {
  private readonly cellDeg: number;
  /** Slots by cell. */
  private readonly cells = new Map<number, Set<number>>();
  /** slot + 1 by id for ids in [0, DENSE_IDS) (0: none), and the slot of any other id. */
  private slotById = new Int32Array(1024);
  private readonly sparse = new Map<number, number>();
  /** Per slot: the id (NaN when free), the cell, the meta (see metaAt / storeMeta). */
  private ids = new Float64Array(0);
  private cellOfSlot = new Float64Array(0);
  private metas: (M | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private used = 0;
  private size_ = 0;
  protected columns = new Float64Array(0);

  /** cellM: the cell's north-south size in metres (default 500 m); stride: numbers a slot (2: lon, lat). */
  constructor(
    cellM = 500,
    protected readonly stride = 2,
  ) {
    this.cellDeg = cellM / M_PER_DEG;
  }

  private key(ix: number, iy: number): number {
    return (ix + 200_000) * 400_000 + (iy + 200_000);
  }

  private cellOf(lon: number, lat: number): number {
    return this.key(Math.floor(lon / this.cellDeg), Math.floor(lat / this.cellDeg));
  }

  /** The slot of id, or -1. */
  slotOf(id: number): number {
    if (isDense(id)) return id < this.slotById.length ? this.slotById[id] - 1 : -1;
    return this.sparse.get(id) ?? -1;
  }

  /** The meta of a slot: as stored here; a subclass may keep it in its columns instead. */
  protected metaAt(slot: number): M {
    return this.metas[slot] as M;
  }

  protected storeMeta(slot: number, meta: M): void {
    this.metas[slot] = meta;
  }

  private newSlot(id: number): number {
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = this.used++;
      if (slot >= this.ids.length) {
        const slots = Math.max(1024, this.ids.length * 2);
        this.ids = grow(this.ids, slots);
        this.cellOfSlot = grow(this.cellOfSlot, slots);
        this.columns = grow(this.columns, slots * this.stride);
      }
    }
    if (isDense(id)) {
      if (id >= this.slotById.length) {
        const next = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.slotById.length * 2)));
        next.set(this.slotById);
        this.slotById = next;
      }
      this.slotById[id] = slot + 1;
    } else this.sparse.set(id, slot);
    this.ids[slot] = id;
    // In no cell yet: the first move puts it in one.
    this.cellOfSlot[slot] = Number.NaN;
    this.size_++;
    return slot;
  }

  /** The slot of id, added at the point if it had none (its meta then to be stored). */
  protected slotFor(id: number, lon: number, lat: number): number {
    const held = this.slotOf(id);
    const slot = held >= 0 ? held : this.newSlot(id);
    this.moveSync(slot, lon, lat);
    return slot;
  }

  /** Moves a slot's position (its cell follows). */
  moveSync(slot: number, lon: number, lat: number): void {
    const o = slot * this.stride;
    this.columns[o] = lon;
    this.columns[o + 1] = lat;
    const cell = this.cellOf(lon, lat);
    const was = this.cellOfSlot[slot];
    if (was === cell) return;
    this.leave(slot, was);
    this.cellOfSlot[slot] = cell;
    this.bucket(cell).add(slot);
  }

  upsertSync(id: number, lon: number, lat: number, meta: M): void {
    this.storeMeta(this.slotFor(id, lon, lat), meta);
  }

  private bucket(cell: number): Set<number> {
    let set = this.cells.get(cell);
    if (!set) {
      set = new Set();
      this.cells.set(cell, set);
    }
    return set;
  }

  private leave(slot: number, cell: number): void {
    const set = this.cells.get(cell);
    set?.delete(slot);
    if (set && set.size === 0) this.cells.delete(cell);
  }

  removeSync(id: number): void {
    const slot = this.slotOf(id);
    if (slot < 0) return;
    if (isDense(id)) this.slotById[id] = 0;
    else this.sparse.delete(id);
    this.leave(slot, this.cellOfSlot[slot]);
    this.ids[slot] = Number.NaN;
    this.metas[slot] = undefined;
    this.freeSlots.push(slot);
    this.size_--;
  }

  /** The meta kept for id (GridIndex: as stored, nothing copied). */
  metaSync(id: number): M | undefined {
    const slot = this.slotOf(id);
    return slot < 0 ? undefined : this.metaAt(slot);
  }

  private at(slot: number): IndexedPosition<M> {
    const o = slot * this.stride;
    return { id: this.ids[slot], lon: this.columns[o], lat: this.columns[o + 1], meta: this.metaAt(slot) };
  }

  getSync(id: number): IndexedPosition<M> | null {
    const slot = this.slotOf(id);
    return slot < 0 ? null : this.at(slot);
  }

  /** Nearby with an optional filter applied while scanning (the filter does not count towards `limit`). */
  nearbySync(
    lon: number,
    lat: number,
    radiusM: number,
    limit: number,
    accept?: (meta: M, id: number) => boolean,
  ): NearbyHit<M>[] {
    if (limit <= 0 || this.size_ === 0) return [];
    // Slots and distances first; the metas (which a subclass may build) only of the hits kept.
    const found: { slot: number; d: number }[] = [];
    const consider = (slot: number) => {
      const o = slot * this.stride;
      const d = approxDistanceM(lon, lat, this.columns[o], this.columns[o + 1]);
      if (d <= radiusM && (!accept || accept(this.metaAt(slot), this.ids[slot]))) found.push({ slot, d });
    };
    const nearestFirst = () => {
      found.sort((a, b) => a.d - b.d);
      if (found.length > limit) found.length = limit;
    };
    const cx = Math.floor(lon / this.cellDeg);
    const cy = Math.floor(lat / this.cellDeg);
    const cosLat = Math.max(0.01, Math.cos(Math.min(89, Math.abs(lat) + 1) * RAD));
    // metres one ring step is at least worth, in each axis
    const stepM = this.cellDeg * M_PER_DEG * cosLat;
    const maxRing = Math.ceil(radiusM / stepM) + 1;
    if ((2 * maxRing + 1) ** 2 > this.size_ * 4) {
      // A huge radius over few positions: scanning them all is cheaper than visiting empty cells.
      for (let slot = 0; slot < this.used; slot++) if (!Number.isNaN(this.ids[slot])) consider(slot);
    } else {
      for (let r = 0; r <= maxRing; r++) {
        // a point in ring r is at least (r - 1) steps away
        if (found.length >= limit) {
          nearestFirst();
          if (found[limit - 1].d <= (r - 1) * stepM) break;
        }
        for (let dx = -r; dx <= r; dx++) {
          const edge = dx === -r || dx === r;
          for (let dy = -r; dy <= r; dy += edge ? 1 : 2 * r) {
            const set = this.cells.get(this.key(cx + dx, cy + dy));
            if (set) for (const slot of set) consider(slot);
            if (r === 0) break;
          }
        }
      }
    }
    nearestFirst();
    return found.map(({ slot, d }) => ({ ...this.at(slot), distance_m: d }));
  }

  allSync(): IndexedPosition<M>[] {
    const out: IndexedPosition<M>[] = [];
    for (let slot = 0; slot < this.used; slot++) if (!Number.isNaN(this.ids[slot])) out.push(this.at(slot));
    return out;
  }

  get count(): number {
    return this.size_;
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
    return this.size_;
  }
  async clear(): Promise<void> {
    for (let slot = 0; slot < this.used; slot++) if (!Number.isNaN(this.ids[slot])) this.removeSync(this.ids[slot]);
  }
}

/** A copy of the array at a new length (the rest zero). */
function grow(a: Float64Array<ArrayBuffer>, length: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(length);
  next.set(a);
  return next;
}
