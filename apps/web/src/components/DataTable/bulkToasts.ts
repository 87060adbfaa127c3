import { type BulkResult, RESOURCE_MSG } from '@taxi/shared';
import { toast } from '../../api/toast';

/**
 * Tells what a bulk call did: `success` when every row was done; else how many were, and each distinct
 * refusal once with its rows (`fallback` for a refusal without a message). Answers the ids done.
 */
export function toastBulkResult(result: BulkResult, success: string, fallback: string): Set<number> {
  const done = new Set(result.results.filter((r) => r.status === 'done').map((r) => r.id));
  if (result.refused === 0) {
    toast.success(success);
    return done;
  }
  if (result.done > 0) toast.success(RESOURCE_MSG.bulkDone(result.done, result.results.length));
  const byMessage = new Map<string, number[]>();
  for (const r of result.results) {
    if (r.status !== 'refused') continue;
    const message = r.message || fallback;
    byMessage.set(message, [...(byMessage.get(message) ?? []), r.id]);
  }
  for (const [message, ids] of byMessage) toast.error(RESOURCE_MSG.bulkRefused(ids.join(', #'), message));
  return done;
}
