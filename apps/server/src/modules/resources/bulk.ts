import {
  type Actor,
  activeFlagOf,
  type BulkAction,
  type BulkResult,
  MSG,
  RESOURCE_MSG,
  resourceSchemas,
} from '@taxi/shared';
import type { Language } from '@taxi/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, validationError } from '../../http/errors';
import { translateMessage } from '../../http/i18n';
import type { ResourceService, Values } from './service';

/**
 * One action on many rows of a catalogue (`POST {url}/bulk`). Each row goes through the command of its single
 * action — `remove`, or `update` of the `active` flag — in its own transaction, with its hooks, its per-row
 * rules, its audit row and its afterWrite: a row the single action would refuse (in use, protected, gone) is
 * refused with the same message, and the others are done. Per-row results rather than all or nothing, since
 * one referenced colour must not keep the operator from deleting the nine others.
 */
export async function applyBulk(
  service: ResourceService,
  action: BulkAction,
  ids: readonly number[],
  actor: Actor,
  parent: Values,
  log: FastifyBaseLogger,
): Promise<BulkResult> {
  const flag = activeFlagOf(service.def);
  if (action !== 'delete' && !flag) throw validationError('action', RESOURCE_MSG.noActiveFlag);
  // The same validated input as an edit of that one field would send.
  const change = (on: boolean) => resourceSchemas(service.def).update.parse({ [flag?.name ?? 'active']: on });
  return eachRow(ids, log, { catalogue: service.def.key, action }, async (id) => {
    if (action === 'delete') await service.remove(id, actor, parent);
    else await service.update(id, change(action === 'activate'), actor, parent);
  });
}

/**
 * Runs a single action on each id in turn, its own transaction each: done, or refused with the message the
 * single action answers (its HttpError). Any other failure is logged and told as one for that row alone.
 */
export async function eachRow(
  ids: readonly number[],
  log: FastifyBaseLogger,
  context: Record<string, unknown>,
  apply: (id: number) => Promise<unknown>,
): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of ids) {
    try {
      await apply(id);
      results.push({ id, status: 'done' });
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) {
        results.push({ id, status: 'refused', message: error.message });
      } else {
        log.error({ err: error, ...context, id }, 'bulk action failed on a row');
        results.push({ id, status: 'refused', message: MSG.serverError });
      }
    }
  }
  const done = results.filter((r) => r.status === 'done').length;
  return { results, done, refused: results.length - done };
}

/** The rows' messages in the caller's language (the envelope's own message is translated on the way out). */
export const translatedResults = (result: BulkResult, language: Language): BulkResult => ({
  ...result,
  results: result.results.map((r) => (r.message ? { ...r, message: translateMessage(language, r.message) } : r)),
});
