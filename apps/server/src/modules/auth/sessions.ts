import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { rolesOfUser } from '../users/queries';
import { findAccessTokenOfActiveUser, liveTokenIds, revokeAccessTokens, type TokenSelection } from './queries';

/**
 * Ending sessions (issue 9, findings 4 and 9). A session is one access token; ending it revokes the
 * token (the API answers 401 from then on) and disconnects the sockets opened with it, on every node.
 *
 * `endSessions` is the one way tokens are revoked: logout, logout-all, an admin ending a user's
 * sessions, and a password, activity or role change of a staff member. It may run inside a
 * transaction (the staff table's save hook): the sockets must only go once that commits, so the
 * revoked ids are collected in the request's session scope and `watchEndedSessions` disconnects them
 * when the request is answered, skipping any whose revocation was rolled back.
 */
interface SessionScope {
  /** The signed-in caller's user and token (kept when they change their own password). */
  userId: number | null;
  tokenId: number | null;
  /** Tokens revoked while answering the request. */
  ended: Set<number>;
}

const scopes = new AsyncLocalStorage<SessionScope>();
const scopeOf = new WeakMap<FastifyRequest, SessionScope>();

/** Revokes the user's tokens the selection names; their sockets go once the current request is answered. */
export async function endSessions(db: DbOrTx, userId: number, which: TokenSelection): Promise<number[]> {
  const ids = await revokeAccessTokens(db, userId, which);
  const scope = scopes.getStore();
  if (scope) for (const id of ids) scope.ended.add(id);
  return ids;
}

/** True while the token may still be used: present, not revoked, not expired, its user active. */
export async function sessionIsLive(db: DbOrTx, tokenId: number, now: number): Promise<boolean> {
  const token = await findAccessTokenOfActiveUser(db, tokenId);
  return !!token && !token.revokedAt && token.expiresAt.getTime() > now;
}

/** What a staff save may change that ends the user's sessions (ASVS 7.4.2). */
export interface StaffSave {
  mode: 'create' | 'update';
  /** The saved user. */
  id: number;
  /** The validated input of the save (field names: password, active, roles). */
  input: Record<string, unknown>;
  tx: DbOrTx;
}

/**
 * Called by the staff table's save hook, in its transaction, before the roles are rewritten: a new
 * password, a deactivation or a different role list ends the user's sessions. When the signed-in user
 * changes their own account (their password), the token of this request stays and the others go;
 * a change made by someone else ends them all.
 */
export async function endSessionsOnStaffChange({ mode, id, input, tx }: StaffSave): Promise<void> {
  if (mode !== 'update') return;
  const password = typeof input.password === 'string' && input.password !== '';
  const deactivated = input.active === false;
  let rolesChanged = false;
  if (Array.isArray(input.roles)) {
    const next = [...new Set(input.roles as number[])];
    const held = (await rolesOfUser(tx, id)).map((r) => r.id);
    rolesChanged = next.length !== held.length || next.some((roleId, i) => roleId !== held[i]);
  }
  if (!password && !deactivated && !rolesChanged) return;
  const scope = scopes.getStore();
  const own = scope?.userId === id && !deactivated;
  await endSessions(tx, id, { allBut: own ? (scope?.tokenId ?? null) : null });
}

/**
 * Opens a session scope around every route handler (so `endSessions` knows the caller and collects
 * what it revoked), and once the handler has answered (its transaction committed or rolled back)
 * hands the tokens that really are revoked, or gone, to `disconnect`. Register on the root instance
 * before the routes.
 */
export function watchEndedSessions(app: FastifyInstance, db: Db, disconnect: (tokenIds: number[]) => void): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const scope: SessionScope = {
      userId: request.user?.id ?? null,
      tokenId: request.tokenId ?? null,
      ended: new Set(),
    };
    scopeOf.set(request, scope);
    scopes.run(scope, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const scope = scopeOf.get(request);
    if (!scope || scope.ended.size === 0) return payload;
    const ids = [...scope.ended];
    scope.ended.clear();
    try {
      const live = await liveTokenIds(db, ids);
      const ended = ids.filter((id) => !live.has(id));
      if (ended.length) disconnect(ended);
    } catch (error) {
      request.log.error(error, 'disconnecting the sockets of ended sessions failed');
    }
    return payload;
  });
}
