import type { LonLat } from '@taxi/shared/geo';

export interface QueueEntry {
  captainId: number;
  /** When the captain entered the station's radius (ms since the epoch). */
  since: number;
}

/** A captain joining a station's queue (stationId) or leaving every queue (null). */
export interface QueueChange {
  captainId: number;
  stationId: number | null;
  since: number;
}

/**
 * The stations' queues: a free captain inside a station's radius joins its queue at the back; moving out,
 * going offline or taking a ride takes them out. Fed by the tracking positions of this node; every change is
 * told to the other nodes, which apply it, so each node has every queue.
 */
export class StationQueues {
  private readonly queues = new Map<number, QueueEntry[]>();
  private readonly stationOf = new Map<number, number>();

  /**
   * A captain's report: where they are and whether they are free (null position: gone offline). Returns the
   * change of queue it made (for the other nodes), or null when the captain stays where they were.
   */
  report(
    captainId: number,
    point: LonLat | null,
    free: boolean,
    now: number,
    stationAt: (p: LonLat) => { id: number } | null,
  ): QueueChange | null {
    const station = point && free ? stationAt(point) : null;
    const before = this.stationOf.get(captainId);
    if (before === station?.id) return null;
    const change = { captainId, stationId: station?.id ?? null, since: now };
    this.apply(change);
    return change;
  }

  /** A change made here or told by another node: out of the old queue, into the new one by arrival time. */
  apply(change: QueueChange): void {
    this.leave(change.captainId);
    if (change.stationId === null) return;
    const entry = { captainId: change.captainId, since: change.since };
    const queue = this.queues.get(change.stationId) ?? [];
    const at = queue.findIndex((e) => e.since > entry.since);
    this.stationOf.set(change.captainId, change.stationId);
    this.queues.set(
      change.stationId,
      at === -1 ? [...queue, entry] : [...queue.slice(0, at), entry, ...queue.slice(at)],
    );
  }

  /** Takes a captain out of whatever queue holds them. */
  leave(captainId: number): void {
    const station = this.stationOf.get(captainId);
    if (station === undefined) return;
    this.stationOf.delete(captainId);
    const rest = (this.queues.get(station) ?? []).filter((e) => e.captainId !== captainId);
    if (rest.length) this.queues.set(station, rest);
    else this.queues.delete(station);
  }

  queue(stationId: number): QueueEntry[] {
    return [...(this.queues.get(stationId) ?? [])];
  }

  /** Drops the queues of stations that no longer exist (after a layer reload). */
  keepOnly(stationIds: ReadonlySet<number>): void {
    for (const id of [...this.queues.keys()]) {
      if (stationIds.has(id)) continue;
      for (const e of this.queues.get(id) ?? []) this.stationOf.delete(e.captainId);
      this.queues.delete(id);
    }
  }
}
