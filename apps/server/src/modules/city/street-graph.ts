import { haversine, type LonLat } from '@taxi/shared/geo';
import type { RoadRecord } from './types';

export interface Route {
  seconds: number;
  metres: number;
  coordinates: LonLat[];
  /** Seconds from the start at each coordinate (each street at its own speed). */
  times: number[];
  /** 'graph' when routed on streets, 'straight' for the straight-line fallback. */
  kind: 'graph' | 'straight';
}

/** Default speeds in km/h when a way has no maxspeed (town traffic, 30–50 km/h on main roads). */
export const SPEED_BY_HIGHWAY: Record<string, number> = {
  motorway: 90,
  motorway_link: 60,
  trunk: 70,
  trunk_link: 50,
  primary: 50,
  primary_link: 40,
  secondary: 45,
  secondary_link: 40,
  tertiary: 40,
  tertiary_link: 35,
  unclassified: 30,
  residential: 30,
  living_street: 15,
  service: 20,
};
export const DEFAULT_SPEED_KMH = 30;
/** Assumed average speed of the straight-line fallback (km/h). */
export const STRAIGHT_LINE_SPEED_KMH = 25;
/** Speed used for the short leg between a point and its nearest street node (km/h). */
const ACCESS_SPEED_KMH = 15;
/** Beyond this distance from any street a point is not snapped to the graph. */
const MAX_SNAP_METRES = 1_500;
const GRID_CELL_DEG = 0.002;

/** Straight-line route at an assumed speed, used when there is no street graph (or no path). */
export function straightLineRoute(from: LonLat, to: LonLat, speedKmh = STRAIGHT_LINE_SPEED_KMH): Route {
  const metres = haversine(from, to);
  const seconds = metres / (speedKmh / 3.6);
  return { seconds, metres, coordinates: [from, to], times: [0, seconds], kind: 'straight' };
}

export function speedOf(road: Pick<RoadRecord, 'maxspeed' | 'highway'>): number {
  const byClass = SPEED_BY_HIGHWAY[road.highway] ?? DEFAULT_SPEED_KMH;
  // A posted limit is an upper bound; traffic in town keeps real speeds at or below the class default.
  return road.maxspeed && road.maxspeed > 0 ? Math.min(road.maxspeed, Math.max(byClass, 30)) : byClass;
}

/** Binary min-heap of node ids keyed by a priority. */
class MinHeap {
  private ids: number[] = [];
  private keys: number[] = [];
  get size(): number {
    return this.ids.length;
  }
  push(id: number, key: number): void {
    const ids = this.ids;
    const keys = this.keys;
    let i = ids.length;
    ids.push(id);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      ids[i] = ids[parent];
      keys[i] = keys[parent];
      i = parent;
    }
    ids[i] = id;
    keys[i] = key;
  }
  pop(): number {
    const ids = this.ids;
    const keys = this.keys;
    const top = ids[0];
    const lastId = ids.pop() as number;
    const lastKey = keys.pop() as number;
    const n = ids.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && keys[r] < keys[l] ? r : l;
        if (keys[c] >= lastKey) break;
        ids[i] = ids[c];
        keys[i] = keys[c];
        i = c;
      }
      ids[i] = lastId;
      keys[i] = lastKey;
    }
    return top;
  }
}

export interface GraphStats {
  nodes: number;
  edges: number;
  components: number;
  largestComponentNodes: number;
  buildMs: number;
}

/**
 * Directed street graph. Nodes are distinct coordinates of the roads (ways are split wherever they share a
 * coordinate); edges join consecutive coordinates of a way, in one or both directions per `oneway`.
 * Adjacency is stored in compressed (CSR) typed arrays; weights are travel seconds.
 */
export class StreetGraph {
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  private readonly offsets: Int32Array;
  private readonly targets: Int32Array;
  private readonly seconds: Float64Array;
  private readonly metres: Float64Array;
  private readonly edgeSource: Int32Array;
  /** Weakly connected component of each node. */
  readonly component: Int32Array;
  readonly largestComponent: number;
  readonly stats: GraphStats;
  private readonly maxSpeedMps: number;
  private readonly grid = new Map<string, number[]>();
  // Scratch arrays reused by every search (a route query allocates almost nothing).
  private readonly dist: Float64Array;
  /** Edge index by which each node was reached. */
  private readonly prev: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;

  private constructor(roads: readonly RoadRecord[]) {
    const t0 = performance.now();
    const index = new Map<string, number>();
    const lon: number[] = [];
    const lat: number[] = [];
    const nodeOf = (c: LonLat): number => {
      const key = `${c[0]},${c[1]}`;
      let id = index.get(key);
      if (id === undefined) {
        id = lon.length;
        index.set(key, id);
        lon.push(c[0]);
        lat.push(c[1]);
      }
      return id;
    };
    const from: number[] = [];
    const to: number[] = [];
    const secs: number[] = [];
    const mets: number[] = [];
    let maxSpeed = 1;
    for (const road of roads) {
      const speed = speedOf(road);
      maxSpeed = Math.max(maxSpeed, speed);
      const mps = speed / 3.6;
      const forward = road.oneway !== '-1';
      const backward = road.oneway === 'no';
      for (let i = 1; i < road.coordinates.length; i++) {
        const a = nodeOf(road.coordinates[i - 1]);
        const b = nodeOf(road.coordinates[i]);
        if (a === b) continue;
        const m = haversine(road.coordinates[i - 1], road.coordinates[i]);
        if (forward) {
          from.push(a);
          to.push(b);
          secs.push(m / mps);
          mets.push(m);
        }
        if (backward || road.oneway === '-1') {
          from.push(b);
          to.push(a);
          secs.push(m / mps);
          mets.push(m);
        }
      }
    }
    const n = lon.length;
    const e = from.length;
    this.lon = Float64Array.from(lon);
    this.lat = Float64Array.from(lat);
    this.offsets = new Int32Array(n + 1);
    for (let i = 0; i < e; i++) this.offsets[from[i] + 1]++;
    for (let i = 0; i < n; i++) this.offsets[i + 1] += this.offsets[i];
    this.targets = new Int32Array(e);
    this.seconds = new Float64Array(e);
    this.metres = new Float64Array(e);
    this.edgeSource = new Int32Array(e);
    const fill = this.offsets.slice(0, n);
    for (let i = 0; i < e; i++) {
      const k = fill[from[i]]++;
      this.targets[k] = to[i];
      this.seconds[k] = secs[i];
      this.metres[k] = mets[i];
      this.edgeSource[k] = from[i];
    }
    this.maxSpeedMps = maxSpeed / 3.6;

    // Weakly connected components (union-find over undirected edges).
    const parent = new Int32Array(n);
    for (let i = 0; i < n; i++) parent[i] = i;
    const find = (x: number): number => {
      while (parent[x] !== x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
      }
      return x;
    };
    for (let i = 0; i < e; i++) {
      const ra = find(from[i]);
      const rb = find(to[i]);
      if (ra !== rb) parent[ra] = rb;
    }
    this.component = new Int32Array(n);
    const sizes = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const r = find(i);
      this.component[i] = r;
      sizes.set(r, (sizes.get(r) ?? 0) + 1);
    }
    let largest = -1;
    let largestSize = 0;
    for (const [r, size] of sizes)
      if (size > largestSize) {
        largest = r;
        largestSize = size;
      }
    this.largestComponent = largest;

    for (let i = 0; i < n; i++) {
      const key = this.cellKey(Math.floor(this.lon[i] / GRID_CELL_DEG), Math.floor(this.lat[i] / GRID_CELL_DEG));
      const cell = this.grid.get(key);
      if (cell) cell.push(i);
      else this.grid.set(key, [i]);
    }
    this.dist = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.stats = {
      nodes: n,
      edges: e,
      components: sizes.size,
      largestComponentNodes: largestSize,
      buildMs: performance.now() - t0,
    };
  }

  static build(roads: readonly RoadRecord[]): StreetGraph {
    return new StreetGraph(roads);
  }

  get nodeCount(): number {
    return this.lon.length;
  }

  coord(node: number): LonLat {
    return [this.lon[node], this.lat[node]];
  }

  /** Outgoing neighbours of a node (for tests and simulators). */
  neighbours(node: number): number[] {
    return Array.from(this.targets.subarray(this.offsets[node], this.offsets[node + 1]));
  }

  private cellKey(cx: number, cy: number): string {
    return `${cx}:${cy}`;
  }

  /**
   * Nearest node to a point, by default only among nodes of the largest connected component so that routes
   * between snapped points exist. Returns -1 when none lies within maxMetres.
   */
  nearestNode(p: LonLat, opts: { anyComponent?: boolean; maxMetres?: number } = {}): number {
    const maxMetres = opts.maxMetres ?? MAX_SNAP_METRES;
    const cx = Math.floor(p[0] / GRID_CELL_DEG);
    const cy = Math.floor(p[1] / GRID_CELL_DEG);
    // One cell is at least this many metres wide (latitude cells are narrower than longitude ones at any lat).
    const cellMetres = GRID_CELL_DEG * 111_320 * Math.cos((Math.min(Math.abs(p[1]), 89) * Math.PI) / 180);
    const maxRing = Math.ceil(maxMetres / cellMetres) + 1;
    let best = -1;
    let bestD = maxMetres;
    for (let ring = 0; ring <= maxRing; ring++) {
      // Every node in ring r is at least (r - 1) cells away.
      if (best >= 0 && (ring - 1) * cellMetres > bestD) break;
      for (let x = cx - ring; x <= cx + ring; x++) {
        for (let y = cy - ring; y <= cy + ring; y++) {
          if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== ring) continue;
          const cell = this.grid.get(this.cellKey(x, y));
          if (!cell) continue;
          for (const node of cell) {
            if (!opts.anyComponent && this.component[node] !== this.largestComponent) continue;
            const d = haversine(p, [this.lon[node], this.lat[node]]);
            if (d <= bestD) {
              bestD = d;
              best = node;
            }
          }
        }
      }
    }
    return best;
  }

  /** A* between two nodes; null when the target cannot be reached (one-way streets, other component). */
  routeNodes(
    source: number,
    target: number,
  ): { seconds: number; metres: number; nodes: number[]; times: number[] } | null {
    if (source === target) return { seconds: 0, metres: 0, nodes: [source], times: [0] };
    // seen[i] === open: reached in this search; === closed: settled. Older stamps mean "not reached yet".
    if (++this.stamp >= 0x7fffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const { dist, prev, seen, stamp, offsets, targets, seconds } = this;
    const closed = stamp * 2;
    const open = closed - 1;
    const tLon = this.lon[target];
    const tLat = this.lat[target];
    const h = (i: number): number => haversine([this.lon[i], this.lat[i]], [tLon, tLat]) / this.maxSpeedMps;
    const heap = new MinHeap();
    dist[source] = 0;
    prev[source] = -1;
    seen[source] = open;
    heap.push(source, h(source));
    while (heap.size > 0) {
      const u = heap.pop();
      if (seen[u] === closed) continue;
      seen[u] = closed;
      if (u === target) break;
      const du = dist[u];
      for (let k = offsets[u]; k < offsets[u + 1]; k++) {
        const v = targets[k];
        if (seen[v] === closed) continue;
        const nd = du + seconds[k];
        if (seen[v] !== open || nd < dist[v]) {
          seen[v] = open;
          dist[v] = nd;
          prev[v] = k;
          heap.push(v, nd + h(v));
        }
      }
    }
    if (seen[target] !== closed) return null;
    const nodes: number[] = [];
    const times: number[] = [];
    let metres = 0;
    for (let v = target; ; ) {
      nodes.push(v);
      times.push(dist[v]);
      const k = prev[v];
      if (k === -1) break;
      metres += this.metres[k];
      v = this.edgeSource[k];
    }
    nodes.reverse();
    times.reverse();
    return { seconds: dist[target], metres, nodes, times };
  }

  /**
   * Street route between two points: each point is snapped to its nearest street node (the short access legs
   * are counted at a slow speed). Falls back to a straight line when a point is far from every street or no
   * path exists.
   */
  route(from: LonLat, to: LonLat): Route {
    const a = this.nearestNode(from);
    const b = this.nearestNode(to);
    if (a < 0 || b < 0) return straightLineRoute(from, to);
    const path = this.routeNodes(a, b);
    if (!path) return straightLineRoute(from, to);
    const accessSpeed = ACCESS_SPEED_KMH / 3.6;
    const first = haversine(from, this.coord(a)) / accessSpeed;
    const last = haversine(this.coord(b), to) / accessSpeed;
    const seconds = first + path.seconds + last;
    const coordinates: LonLat[] = [from, ...path.nodes.map((n) => this.coord(n)), to];
    return {
      seconds,
      metres: path.metres + (first + last) * accessSpeed,
      coordinates,
      times: [0, ...path.times.map((t) => first + t), seconds],
      kind: 'graph',
    };
  }
}
