import { sessionPolicy } from '@taxi/shared';
import type { Namespace, Socket } from 'socket.io';
import type { Authenticated, RequestUser } from '../http/auth';
import type { Clock } from '../lib/clock';
import { isRuleRoom } from './policy';

/** Reads a session by its token's id again (throws when it is no longer live). */
export type SessionReader = (tokenId: number) => Promise<Authenticated>;
/** The rule rooms a namespace's socket gets for these rights. */
export type RuleRooms = (actor: RequestUser) => string[];

interface SessionFacts {
  tokenId?: unknown;
  expiresAt?: unknown;
}

/**
 * Socket.IO restores a session (rooms, data, missed events) before any middleware runs, and sends the missed
 * events at once, in the socket's constructor. So a session is restored only when its token still lives (not
 * revoked, not expired, its user active) and every rule room it held is one its rights give now; otherwise the
 * socket starts afresh, through the namespace's middleware, and its console refetches what it shows. With no
 * `rooms` (a namespace made without `Realtime.namespace`) nothing is ever restored.
 */
export function guardRecovery(nsp: Namespace, readSession: SessionReader, clock: Clock, rooms: RuleRooms | null) {
  const adapter = nsp.adapter;
  const restoreSession = adapter.restoreSession.bind(adapter);
  // (Its type says Promise<Session>, but every adapter answers null for "nothing to restore".)
  adapter.restoreSession = (async (pid: string, offset: string) => {
    if (!rooms) return null;
    const session = await restoreSession(pid, offset);
    const { tokenId, expiresAt } = (session?.data ?? {}) as SessionFacts;
    if (!session || typeof tokenId !== 'number' || typeof expiresAt !== 'number' || expiresAt <= clock.now())
      return null;
    let user: RequestUser;
    try {
      ({ user } = await readSession(tokenId));
    } catch {
      return null;
    }
    const given = new Set(rooms(user));
    if ([...session.rooms].some((room) => isRuleRoom(room) && !given.has(room))) return null;
    return session;
  }) as typeof adapter.restoreSession;
}

/**
 * Reads the socket's session again and moves its rule rooms to what its rights give now: a revoked session's
 * socket goes, one whose role lost the socket goes, and the others leave the rooms of rules that no longer allow
 * them and join those that now do.
 */
export async function refreshSocket(socket: Socket, readSession: SessionReader, rooms: RuleRooms): Promise<void> {
  const tokenId = (socket.data as SessionFacts).tokenId;
  let user: RequestUser;
  try {
    if (typeof tokenId !== 'number') throw new Error('no session');
    ({ user } = await readSession(tokenId));
  } catch {
    socket.disconnect(true);
    return;
  }
  if (!socket.connected) return;
  if (!sessionPolicy.socket.allows(user)) {
    socket.disconnect(true);
    return;
  }
  if ('user' in socket.data) socket.data.user = user;
  const next = rooms(user);
  const keep = new Set(next);
  for (const room of [...socket.rooms]) if (isRuleRoom(room) && !keep.has(room)) socket.leave(room);
  socket.join(next);
}
