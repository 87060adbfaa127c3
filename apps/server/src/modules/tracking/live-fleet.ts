import { CAPTAIN_LIVE_STATES, type CaptainLiveState } from '@taxi/shared';
import { GridIndex } from '../../dispatch/spatial-index';

/** What the position index tells of each captain beside the position. */
export interface LiveMeta {
  [key: string]: unknown;
  state: CaptainLiveState;
  heading: number | null;
  speed_kmh: number | null;
  /** Report time, epoch ms. */
  at: number;
  /** When the captain entered the current state, epoch ms. */
  since: number;
}

// A captain's slot: longitude and latitude (the grid's), then these, eight numbers in all (64 bytes).
const AT = 2;
const HEADING = 3;
const SPEED = 4;
const SINCE = 5;
const STATE = 6;
/** 1 when the state is this node's knowledge, 0 when it is the one the reporting node sent. */
const KNOWN = 7;
const STRIDE = 8;

const stateCode = (state: CaptainLiveState) => CAPTAIN_LIVE_STATES.indexOf(state);
/** null is kept as NaN. */
const orNaN = (v: number | null) => (v == null ? Number.NaN : v);
const orNull = (v: number) => (Number.isNaN(v) ? null : v);

/**
 * Every captain's live position and facts on this node, in the grid's columns rather than in an object a captain.
 * A report or another node's batch writes numbers in place (a 64-byte slot a captain); a read (`metaSync`, `nearby`,
 * `all`) gets a new LiveMeta, so what a caller keeps never changes under it.
 */
export class LiveFleet extends GridIndex<LiveMeta> {
  constructor(cellM = 500) {
    super(cellM, STRIDE);
  }

  protected override metaAt(slot: number): LiveMeta {
    const c = this.columns;
    const o = slot * STRIDE;
    return {
      state: CAPTAIN_LIVE_STATES[c[o + STATE]] ?? 'OFFLINE',
      since: c[o + SINCE],
      heading: orNull(c[o + HEADING]),
      speed_kmh: orNull(c[o + SPEED]),
      at: c[o + AT],
    };
  }

  /** A meta given from outside (upsert): its state counts as this node's if it says so (`known`). */
  protected override storeMeta(slot: number, meta: LiveMeta): void {
    this.setFacts(slot, meta.heading, meta.speed_kmh, meta.at);
    this.setState(slot, meta.state, meta.since, meta.known === true);
  }

  /** Adds or moves a captain with these facts; the slot. */
  put(
    id: number,
    lon: number,
    lat: number,
    heading: number | null,
    speed: number | null,
    at: number,
    state: CaptainLiveState,
    since: number,
    known: boolean,
  ): number {
    const slot = this.slotFor(id, lon, lat);
    this.setFacts(slot, heading, speed, at);
    this.setState(slot, state, since, known);
    return slot;
  }

  /** A new report of a captain in a slot: position, heading, speed and time; the state stays. */
  report(slot: number, lon: number, lat: number, heading: number | null, speed: number | null, at: number): void {
    this.moveSync(slot, lon, lat);
    this.setFacts(slot, heading, speed, at);
  }

  private setFacts(slot: number, heading: number | null, speed: number | null, at: number): void {
    const o = slot * STRIDE;
    this.columns[o + HEADING] = orNaN(heading);
    this.columns[o + SPEED] = orNaN(speed);
    this.columns[o + AT] = at;
  }

  setState(slot: number, state: CaptainLiveState, since: number, known: boolean): void {
    const o = slot * STRIDE;
    this.columns[o + STATE] = stateCode(state);
    this.columns[o + SINCE] = since;
    this.columns[o + KNOWN] = known ? 1 : 0;
  }

  /** The report time of a slot, epoch ms. */
  atOf(slot: number): number {
    return this.columns[slot * STRIDE + AT];
  }

  stateAt(slot: number): CaptainLiveState {
    return CAPTAIN_LIVE_STATES[this.columns[slot * STRIDE + STATE]] ?? 'OFFLINE';
  }

  heading(slot: number): number | null {
    return orNull(this.columns[slot * STRIDE + HEADING]);
  }

  speed(slot: number): number | null {
    return orNull(this.columns[slot * STRIDE + SPEED]);
  }

  /** Whether the slot's state is this node's knowledge. */
  knows(slot: number): boolean {
    return this.columns[slot * STRIDE + KNOWN] === 1;
  }
}
