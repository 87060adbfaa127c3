/** Time of the simulated world: the wall clock in the demo, a hand-moved one in tests. */
export interface SimClock {
  now(): number;
}

export const wallClock: SimClock = { now: () => Date.now() };

/** A clock tests move forward (an accelerated hour runs in seconds). */
export class ManualClock implements SimClock {
  constructor(private t: number = Date.now()) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** A small seeded pseudo-random generator (mulberry32) so a simulated hour can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
