/** Where each moment of a story sits on its axis: 0 at the first, 1 at the last (0.5 when all coincide). */
export function axisPositions(times: readonly string[]): number[] {
  const ms = times.map((t) => Date.parse(t));
  const start = Math.min(...ms);
  const span = Math.max(...ms) - start;
  return ms.map((m) => (span > 0 ? (m - start) / span : 0.5));
}

/** Seconds from the story's first moment to each moment. */
export function secondsFromStart(times: readonly string[]): number[] {
  if (times.length === 0) return [];
  const ms = times.map((t) => Date.parse(t));
  const start = Math.min(...ms);
  return ms.map((m) => Math.round((m - start) / 1000));
}

/** How many moments a replay has shown at a position of the scrubber (0…1 of the axis). */
export function shownAt(positions: readonly number[], at: number): number {
  return positions.filter((p) => p <= at + 1e-9).length;
}

/**
 * The live stream's merge: rows polled since the newest one go on top, without duplicates, newest first,
 * the list capped so an open console does not grow without end.
 */
export function mergeNewest<T extends { id: number }>(fresh: readonly T[], shown: readonly T[], cap = 1000): T[] {
  const seen = new Set(shown.map((r) => r.id));
  const added = fresh.filter((r) => !seen.has(r.id));
  return [...added, ...shown].sort((a, b) => b.id - a.id).slice(0, cap);
}

/** An offset on the story's clock: "0:42", "12:05", "1:02:09" (digits only, the same in every language). */
export function clockOffset(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
