import { type Clock, ManualClock } from '../lib/clock';

/** Time of the simulated world: the server's clock (the wall clock in the demo, a hand-moved one in tests). */
export type SimClock = Clock;
export { ManualClock };

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
