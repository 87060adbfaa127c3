import { ApiError } from '../../api/client';

/**
 * The table's and its forms' failure text (people.md §8): the server's message when its answer carried one,
 * else the table's own fallback — never a status text or the client's generic wording (a 500 with an empty
 * body, a proxy's 502, no answer at all).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const sent = (error.body as { message?: unknown } | undefined)?.message;
  return typeof sent === 'string' && sent.trim() !== '' ? error.message : fallback;
}
