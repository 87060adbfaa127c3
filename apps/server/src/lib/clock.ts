/**
 * The one clock of the server. Services, jobs and the simulator read the time through it, never through
 * `Date.now()`, so a test can move time by hand and get the same answers on a loaded machine as on an idle one.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move forward (an accelerated hour runs in seconds). */
export class ManualClock implements Clock {
  constructor(private t: number = Date.now()) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}

/** The clock's time as a Date. */
export const dateOf = (clock: Clock): Date => new Date(clock.now());
