import {
  type BookingStatus,
  BUSY_BOOKING_STATUSES,
  type CaptainLiveState,
  type CaptainLocationBatch,
  type CaptainLocationPayload,
  decodeLocationBatch,
  EVENTS,
  encodeLocationBatch,
  forEachLocation,
  joinLocationBatches,
  LOCATION_FANOUT_MS,
  type LocationReport,
  POSITION_MSG,
  readLocationBatches,
  reportAt,
  STATE_OF_BOOKING_STATUS,
  type TrackedCaptainDto,
} from '@taxi/shared';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { floatArray, intArray } from '../../db/number-arrays';
import { bookings, rides } from '../../db/schema/bookings';
import { captains, cars } from '../../db/schema/people';
import type { AppBus } from '../../events';
import { notFound, validationError } from '../../http/errors';
import { type Clock, systemClock } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import type { LiveFleet, LiveMeta } from './live-fleet';
import type { PositionRelay } from './position-relay';

export type { LiveMeta } from './live-fleet';

interface Logger {
  warn(obj: unknown, msg?: string): void;
  info(msg: string): void;
}

export interface LocationServiceOptions {
  db: Db;
  realtime: Pick<Realtime, 'emit' | 'emitHere'> &
    Partial<Pick<Realtime, 'toOtherNodes' | 'onNodeEvent' | 'emitToFollowersHere' | 'followedHere'>>;
  /** This node's copy of every captain's position. */
  index: LiveFleet;
  /** With several nodes: this node's batches to the others, theirs to this node. */
  relay?: PositionRelay;
  log: Logger;
  /** The server's clock (report times, state since, updatedAt). */
  clock?: Clock;
  /** Fan-out batch period (default LOCATION_FANOUT_MS). */
  fanoutMs?: number;
  /** Publishes the domain events of the service's own changes (the captain's online flag). */
  events?: Pick<AppBus, 'publish'>;
  /** Database write-behind period (default 3 s). */
  persistMs?: number;
  /** Rows per UPDATE statement (default 500). */
  persistChunk?: number;
}

/**
 * This node's last report of a captain, updated in place, and whether the write-behind has saved it yet. A class of
 * its own: its coordinates and time keep V8's in-place double fields, so a report stores its numbers without
 * allocating. (A record made by an object spread held them as pointers to a new heap number per report, each of
 * which outlived the young generation because a long-lived record pointed to it: the bulk of what a busy node
 * promoted to its old generation.)
 */
class ReportedPosition implements LocationReport {
  // `declare`: no field definitions before the constructor's stores. A field defined first holds undefined, and V8
  // then keeps it as a pointer (a new heap number per store) rather than as an in-place double.
  declare captain_id: number;
  declare lon: number;
  declare lat: number;
  declare heading: number | null;
  declare speed_kmh: number | null;
  declare state: CaptainLiveState;
  declare at: number;
  declare unsaved: boolean;
  constructor(
    id: number,
    lon: number,
    lat: number,
    heading: number | null,
    speed: number | null,
    state: CaptainLiveState,
    at: number,
  ) {
    this.captain_id = id;
    this.lon = lon;
    this.lat = lat;
    this.heading = heading;
    this.speed_kmh = speed;
    this.state = state;
    this.at = at;
    this.unsaved = true;
  }
}

/** A report as buffered for the next batch (time in ms), and as the API answers it (ISO time). */
const toReport = (id: number, lon: number, lat: number, m: LiveMeta): LocationReport => ({
  captain_id: id,
  lon,
  lat,
  heading: m.heading,
  speed_kmh: m.speed_kmh,
  state: m.state,
  at: m.at,
});
const toPayload = (id: number, lon: number, lat: number, m: LiveMeta): CaptainLocationPayload => ({
  ...toReport(id, lon, lat, m),
  at: new Date(m.at).toISOString(),
});

const finite = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? null : v);

/** A follower of the captains' positions and live states. */
export type PositionObserver = (captainId: number, point: [number, number] | null, state: CaptainLiveState) => void;

/**
 * Live captain positions. `report` updates the index at once; positions are written behind to the
 * captains table in one statement every few seconds, and fanned out to the `users` room as one batched
 * `captain_location_updated` event (merged by captain, newest wins) every LOCATION_FANOUT_MS. With several
 * nodes, each node reports, saves and batches the captains whose reports reach it; the relay carries the
 * batch to the other nodes, which add it to their index and send it to their sockets (`applyBatch`).
 */
export class LocationService {
  readonly index: LiveFleet;
  private readonly relay: PositionRelay | undefined;
  private readonly db: Db;
  private readonly realtime: LocationServiceOptions['realtime'];
  private readonly log: Logger;
  private readonly clock: Clock;
  private readonly events: Pick<AppBus, 'publish'> | undefined;
  /**
   * Live states by captain, as this node knows them. The index keeps each state too (set at once, and marked as
   * known), so a report or another node's batch never looks here but for a captain it did not hold.
   */
  private readonly states = new Map<number, { state: CaptainLiveState; since: number }>();
  private outbox = new Map<number, LocationReport>();
  /** The batches the other nodes sent since the last tick, as they came, for this node's sockets. */
  private relayed: Uint8Array[] = [];
  /**
   * The last report this node received of each captain, updated in place (the outbox points to it), with whether
   * it moved since the write-behind last saved it. A flag rather than a set of ids: a busy node then allocates no
   * set a write period long, which would live long enough to reach the old generation.
   */
  private readonly lastReported = new Map<number, ReportedPosition>();
  private timers: NodeJS.Timeout[] = [];
  private persisting: Promise<void> = Promise.resolve();
  /** A write is queued behind the running one (at most one is), and whether it is to run unpaced (`stop`). */
  private persistWaiting = false;
  private persistUnpaced = false;
  private readonly fanoutMs: number;
  private readonly persistMs: number;
  private readonly persistChunk: number;
  /** Who follows the positions and states (the stations' queues). */
  private readonly observers: PositionObserver[] = [];
  /** Counters for monitoring and benchmarks. */
  readonly counters = { reports: 0, batches: 0, persisted: 0, persistMaxMs: 0, persistRuns: 0 };

  constructor(opts: LocationServiceOptions) {
    this.db = opts.db;
    this.realtime = opts.realtime;
    this.index = opts.index;
    this.log = opts.log;
    this.clock = opts.clock ?? systemClock;
    this.events = opts.events;
    this.fanoutMs = opts.fanoutMs ?? LOCATION_FANOUT_MS;
    this.persistMs = opts.persistMs ?? 3000;
    this.persistChunk = opts.persistChunk ?? 500;
    this.relay = opts.relay;
    this.relay?.onBatch((batch) => this.applyBatch(batch));
    // A state set on one node must not be undone by a position report another node receives, so every node
    // keeps every captain's state, and its index shows it at once.
    this.realtime.onNodeEvent?.('captainState', ({ captain_id, state, since }) => {
      this.putState(captain_id, state, since);
      if (state === 'OFFLINE') this.index.removeSync(captain_id);
      // Busy or gone on another node: out of any queue here (a free captain's next report tells where).
      if (state !== 'FREE') this.notify(captain_id, null, state);
    });
  }

  /** Follows this node's position reports and every state change (a null point: no position known, or offline). */
  observe(observer: PositionObserver): void {
    this.observers.push(observer);
  }

  private notify(captainId: number, point: [number, number] | null, state: CaptainLiveState): void {
    for (const o of this.observers) o(captainId, point, state);
  }

  /** A state this node knows: kept, and in the index at once. */
  private putState(captainId: number, state: CaptainLiveState, since: number): void {
    this.states.set(captainId, { state, since });
    const slot = this.index.slotOf(captainId);
    if (slot >= 0) this.index.setState(slot, state, since, true);
  }

  private setLocalState(captainId: number, state: CaptainLiveState, since: number): void {
    this.putState(captainId, state, since);
    this.realtime.toOtherNodes?.('captainState', { captain_id: captainId, state, since });
  }

  /** Loads online captains' last positions and live states, then starts the flush timers. */
  async start(): Promise<void> {
    await this.refreshStates();
    const rows = await this.db
      .select({ id: captains.id, lon: captains.lastLon, lat: captains.lastLat, at: captains.lastLocationAt })
      .from(captains)
      .where(and(eq(captains.online, true), isNotNull(captains.lastLon), isNotNull(captains.lastLat)));
    for (const r of rows)
      this.place(r.id, r.lon as number, r.lat as number, null, null, r.at?.getTime() ?? this.clock.now(), 'FREE');
    this.timers.push(setInterval(() => this.flushFanout(), this.fanoutMs).unref());
    this.timers.push(
      setInterval(() => {
        void this.flushPersist();
      }, this.persistMs).unref(),
    );
  }

  /** Stops the timers after a last flush of both buffers. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.flushFanout();
    await this.flushPersist({ paced: false });
  }

  /**
   * A report's position and facts, written in place in the index (nothing allocated); the captain's slot. A captain
   * whose state this node does not know takes `unknownState` (the reporting node's, or FREE for its own app).
   */
  private place(
    id: number,
    lon: number,
    lat: number,
    heading: number | null,
    speed: number | null,
    at: number,
    unknownState: CaptainLiveState,
  ): number {
    const slot = this.index.slotOf(id);
    if (slot < 0) {
      const known = this.states.get(id);
      return known
        ? this.index.put(id, lon, lat, heading, speed, at, known.state, known.since, true)
        : this.index.put(id, lon, lat, heading, speed, at, unknownState, at, false);
    }
    if (!this.index.knows(slot)) this.index.setState(slot, unknownState, at, false);
    this.index.report(slot, lon, lat, heading, speed, at);
    return slot;
  }

  /** A captain app's position report. */
  report(
    captainId: number,
    lon: number,
    lat: number,
    heading?: number | null,
    speedKmh?: number | null,
    at = this.clock.now(),
  ) {
    if (!Number.isInteger(captainId) || captainId <= 0) throw validationError('captain_id', POSITION_MSG.captainId);
    if (!(Math.abs(lon) <= 180)) throw validationError('lon', POSITION_MSG.lon);
    if (!(Math.abs(lat) <= 90)) throw validationError('lat', POSITION_MSG.lat);
    const h = finite(heading);
    const speed = finite(speedKmh);
    const state = this.index.stateAt(this.place(captainId, lon, lat, h, speed, at, 'FREE'));
    this.counters.reports++;
    let last = this.lastReported.get(captainId);
    if (last) {
      last.lon = lon;
      last.lat = lat;
      last.heading = h;
      last.speed_kmh = speed;
      last.state = state;
      last.at = at;
      last.unsaved = true;
    } else {
      last = new ReportedPosition(captainId, lon, lat, h, speed, state, at);
      this.lastReported.set(captainId, last);
    }
    this.outbox.set(captainId, last);
    this.notify(captainId, [lon, lat], state);
  }

  /** The live state changed (offer, dispatch, pickup, end of ride): the map shows it in the next batch. */
  async setState(captainId: number, state: CaptainLiveState): Promise<void> {
    const now = this.clock.now();
    const prev = this.states.get(captainId);
    if (prev?.state !== state) this.setLocalState(captainId, state, now);
    const pos = this.index.getSync(captainId);
    this.notify(captainId, pos && state !== 'OFFLINE' ? [pos.lon, pos.lat] : null, state);
    if (!pos) return;
    // Otherwise the index holds the state already (putState).
    if (state === 'OFFLINE') this.index.removeSync(captainId);
    this.outbox.set(captainId, toReport(captainId, pos.lon, pos.lat, { ...pos.meta, state }));
  }

  /** Recomputes live states from the bookings (start-up; after bulk changes). */
  async refreshStates(): Promise<void> {
    const now = new Date(this.clock.now());
    const [busy, offered, online] = await Promise.all([
      this.db
        .select({ captainId: rides.captainId, status: bookings.status })
        .from(bookings)
        .innerJoin(rides, eq(rides.id, bookings.rideId))
        .where(inArray(bookings.status, BUSY_BOOKING_STATUSES)),
      this.db
        .select({ captainId: bookings.suggestionCaptainId })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'PENDING'),
            isNotNull(bookings.suggestionCaptainId),
            gt(bookings.suggestionUntil, now),
          ),
        ),
      this.db.select({ id: captains.id, online: captains.online }).from(captains),
    ]);
    const next = new Map<number, CaptainLiveState>();
    for (const c of online) next.set(c.id, c.online ? 'FREE' : 'OFFLINE');
    for (const o of offered) if (o.captainId && next.get(o.captainId) === 'FREE') next.set(o.captainId, 'OFFERED');
    const rank = (s: CaptainLiveState) => ['FREE', 'OFFERED', 'TO_PICKUP', 'AT_PICKUP', 'ON_TRIP'].indexOf(s);
    for (const b of busy) {
      const s = STATE_OF_BOOKING_STATUS[b.status as BookingStatus];
      const cur = next.get(b.captainId);
      if (s && cur && cur !== 'OFFLINE' && rank(s) > rank(cur)) next.set(b.captainId, s);
    }
    const t = now.getTime();
    for (const [id, state] of next) {
      const prev = this.states.get(id);
      if (prev?.state !== state) this.putState(id, state, t);
    }
  }

  stateOf(captainId: number): CaptainLiveState {
    return this.states.get(captainId)?.state ?? 'OFFLINE';
  }

  /**
   * Sends the buffered positions as one batch. With several nodes, this node's own captains go to the other nodes
   * through the relay, and this node's sockets get one batch a tick: its own captains' segment followed by the
   * batches the other nodes sent since the last tick, joined as they came (nothing decoded or encoded again). A socket
   * then receives one frame a tick whatever the number of nodes, and a node encodes only its own captains, so a
   * second node halves each node's sending instead of keeping it.
   */
  flushFanout(): void {
    const own = this.outbox;
    const relayed = this.relayed;
    if (own.size === 0 && relayed.length === 0) return;
    this.outbox = new Map();
    this.relayed = [];
    this.counters.batches++;
    const ownBatch = own.size > 0 ? encodeLocationBatch([...own.values()]) : null;
    if (!this.relay) {
      if (ownBatch) this.realtime.emit(EVENTS.captainLocationUpdated, ownBatch);
      this.toFollowers(own, relayed);
      return;
    }
    if (ownBatch) this.relay.publish(ownBatch);
    const parts = ownBatch ? [ownBatch, ...relayed] : relayed;
    this.realtime.emitHere(EVENTS.captainLocationUpdated, parts.length === 1 ? parts[0] : joinLocationBatches(parts));
    this.toFollowers(own, relayed);
  }

  /**
   * The consoles that may read one captain's position but not the fleet's (the ride page of a role without the
   * tracking map) follow that captain: each followed captain's newest report of the tick goes to its followers on
   * this node, as a batch of one. Nothing is looked at while nobody follows.
   */
  private toFollowers(own: ReadonlyMap<number, LocationReport>, relayed: readonly Uint8Array[]): void {
    const followed = this.realtime.followedHere?.();
    if (!followed?.size || !this.realtime.emitToFollowersHere) return;
    let batches: CaptainLocationBatch[] | null = null;
    for (const id of followed) {
      let report = own.get(id);
      if (!report && relayed.length) {
        batches ??= relayed.flatMap((bytes) => readLocationBatches(bytes));
        // A later segment's entry is the newer.
        for (let k = batches.length - 1; k >= 0 && !report; k--) {
          const i = batches[k].id.indexOf(id);
          if (i >= 0) report = reportAt(batches[k], i);
        }
      }
      if (report) this.realtime.emitToFollowersHere(id, encodeLocationBatch([report]));
    }
  }

  /**
   * Another node's batch: its captains' positions join this node's index (a position older than the one held is
   * skipped; OFFLINE leaves), and this node's sockets receive the batch as it came in this node's next one. The index
   * keeps this node's live state where it knows one (states travel between nodes on their own, at once). Observers
   * are not told: the node that received the report told them, and the stations' queues travel between nodes on
   * their own too.
   */
  applyBatch(bytes: Uint8Array): void {
    const older = new Set<number>();
    try {
      forEachLocation(bytes, (id, lon, lat, heading, speed, state, at) => {
        const held = this.index.slotOf(id);
        if (held >= 0 && this.index.atOf(held) > at) {
          older.add(id);
          return;
        }
        const slot = this.place(id, lon, lat, heading, speed, at, state);
        if (this.index.stateAt(slot) === 'OFFLINE') this.index.removeSync(id);
      });
    } catch (error) {
      this.log.warn(error, 'unreadable position batch from another node');
      return;
    }
    // An older position than this node holds (a captain whose reports just moved to another node) is not shown
    // either: only then is the batch decoded and encoded again, without it.
    this.relayed.push(
      older.size > 0 ? encodeLocationBatch(decodeLocationBatch(bytes).filter((u) => !older.has(u.captain_id))) : bytes,
    );
  }

  /**
   * Writes the buffered positions, one UPDATE … FROM unnest(…) statement per chunk of rows. The rows travel as four
   * array parameters, so a chunk costs the node little more than joining numbers (a parameter per value cost the
   * node 40 % of its CPU at 5,000 reports/s). Chunks are spaced a fan-out period apart (`paced`): the write-behind
   * then never holds the event loop, nor a CPU-limited node's share, for long (embedded PGlite runs a statement on
   * the loop's thread; measured: 3,750 rows in one statement held it ~0.6 s under load). `stop` writes unpaced.
   */
  async flushPersist({ paced = true } = {}): Promise<void> {
    if (!paced) this.persistUnpaced = true;
    // A write already waits for the one running: it will take every position unsaved when it starts, so a period
    // whose rows take longer to write than the period (more distinct captains a second than the paced chunks
    // carry) waits for that one instead of queueing one more run each period without end.
    if (this.persistWaiting) return this.persisting;
    this.persistWaiting = true;
    const run = async () => {
      this.persistWaiting = false;
      const pacedRun = !this.persistUnpaced;
      this.persistUnpaced = false;
      this.counters.persistRuns++;
      let written = 0;
      const write = async (chunk: ReportedPosition[]) => {
        if (written++ > 0) await new Promise((r) => (pacedRun ? setTimeout(r, this.fanoutMs) : setImmediate(r)));
        await this.writePositions(chunk);
      };
      const chunk: ReportedPosition[] = [];
      // The map is walked as it is: a captain who reports again after being taken is written next period, and one
      // first seen meanwhile is reached by the walk (a Map's iterator visits entries added during it).
      for (const position of this.lastReported.values()) {
        if (!position.unsaved) continue;
        position.unsaved = false;
        chunk.push(position);
        if (chunk.length === this.persistChunk) await write(chunk.splice(0));
      }
      if (chunk.length > 0) await write(chunk);
    };
    this.persisting = this.persisting.then(run);
    await this.persisting;
  }

  /** One UPDATE … FROM unnest(…) of a chunk; a chunk that could not be written is tried again next period. */
  private async writePositions(positions: readonly ReportedPosition[]): Promise<void> {
    const t0 = performance.now();
    try {
      await this.db.execute(sql`UPDATE captains
        SET last_lon = v.lon, last_lat = v.lat, last_location_at = to_timestamp(v.ms / 1000)
        FROM unnest(${intArray(positions.map((p) => p.captain_id))},
          ${floatArray(positions.map((p) => p.lon))},
          ${floatArray(positions.map((p) => p.lat))},
          ${floatArray(positions.map((p) => p.at))}) AS v(id, lon, lat, ms)
        WHERE captains.id = v.id`);
      this.counters.persisted += positions.length;
      this.counters.persistMaxMs = Math.max(this.counters.persistMaxMs, performance.now() - t0);
    } catch (error) {
      for (const p of positions) p.unsaved = true;
      this.log.warn(error, 'persisting captain positions failed');
    }
  }

  /** The captain app went online or offline: the flag is saved, the map and the index follow. */
  async setOnline(captainId: number, online: boolean): Promise<void> {
    const updated = await this.db
      .update(captains)
      .set({ online, updatedAt: new Date(this.clock.now()) })
      .where(eq(captains.id, captainId))
      .returning({ id: captains.id });
    if (updated.length === 0) throw notFound();
    if (online) {
      if (this.stateOf(captainId) === 'OFFLINE') this.setLocalState(captainId, 'FREE', this.clock.now());
    } else {
      await this.setState(captainId, 'OFFLINE');
    }
    await this.events?.publish([{ name: 'captain.onlineChanged', payload: { captainId, online } }]);
  }

  /** GET captain/{id}/location. */
  async locationOf(captainId: number): Promise<CaptainLocationPayload> {
    const live = this.index.getSync(captainId);
    if (live) return toPayload(captainId, live.lon, live.lat, live.meta);
    const [row] = await this.db
      .select({ lon: captains.lastLon, lat: captains.lastLat, at: captains.lastLocationAt })
      .from(captains)
      .where(eq(captains.id, captainId));
    if (!row) throw notFound();
    if (row.lon == null || row.lat == null) throw notFound();
    return {
      captain_id: captainId,
      lon: row.lon,
      lat: row.lat,
      heading: null,
      speed_kmh: null,
      state: this.stateOf(captainId),
      at: (row.at ?? new Date(0)).toISOString(),
    };
  }

  /** GET tracking/captains: every online captain with a live position, name and car. */
  async trackedCaptains(): Promise<TrackedCaptainDto[]> {
    const live = this.index.allSync();
    if (live.length === 0) return [];
    const ids = live.map((p) => p.id);
    const [rows, carRows] = await Promise.all([
      this.db
        .select({
          id: captains.id,
          firstName: captains.firstName,
          lastName: captains.lastName,
          online: captains.online,
        })
        .from(captains)
        .where(inArray(captains.id, ids)),
      this.db
        .select({ captainId: cars.captainId, number: cars.number })
        .from(cars)
        .where(inArray(cars.captainId, ids))
        .orderBy(desc(cars.id)),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const carOf = new Map<number, string>();
    for (const r of carRows) if (r.captainId != null && !carOf.has(r.captainId)) carOf.set(r.captainId, r.number);
    const out: TrackedCaptainDto[] = [];
    for (const p of live) {
      const c = byId.get(p.id);
      if (!c?.online) continue;
      out.push({
        ...toPayload(p.id, p.lon, p.lat, p.meta),
        name: `${c.firstName} ${c.lastName}`.trim(),
        car_number: carOf.get(p.id) ?? null,
      });
    }
    return out.sort((a, b) => a.captain_id - b.captain_id);
  }
}
