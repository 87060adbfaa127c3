/** A seeded generator in [0, 1) (a linear congruential one): the same seed, the same run. */
export function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
