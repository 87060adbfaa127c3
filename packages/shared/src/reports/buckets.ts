/**
 * Waiting time to dispatch is kept as bucket counts (a fixed histogram) beside its sum, so that
 * percentiles of any set of aggregate rows are a sum of counts, never a scan of the bookings.
 * Upper bounds in seconds; the last bucket is open (one hour and more).
 */
export const WAIT_BUCKET_BOUNDS = [15, 30, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 3600] as const;
export const WAIT_BUCKETS = WAIT_BUCKET_BOUNDS.length + 1;

/** The bucket of a waiting time in seconds (negative counts as zero). */
export function waitBucketOf(seconds: number): number {
  const s = Math.max(0, seconds);
  const i = WAIT_BUCKET_BOUNDS.findIndex((upper) => s < upper);
  return i === -1 ? WAIT_BUCKET_BOUNDS.length : i;
}

/**
 * The q-quantile (0..1) of the values counted in `counts` (one count per bucket), interpolated linearly
 * inside its bucket; the open last bucket answers its lower bound. Null when nothing was counted.
 */
export function percentileFromBuckets(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.min(Math.max(q, 0), 1) * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i];
    if (n === 0) continue;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : WAIT_BUCKET_BOUNDS[i - 1];
      if (i >= WAIT_BUCKET_BOUNDS.length) return lower;
      const upper = WAIT_BUCKET_BOUNDS[i];
      return lower + ((rank - seen) / n) * (upper - lower);
    }
    seen += n;
  }
  return WAIT_BUCKET_BOUNDS[WAIT_BUCKET_BOUNDS.length - 1];
}
