import {
  CHAT_EVENT_POLICY,
  CHAT_NAMESPACE,
  type ChatEventName,
  type ChatServerToClientEvents,
  chatPolicy,
  MSG,
} from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import type { Namespace } from 'socket.io';
import { authenticateSession, type RequestUser } from '../../http/auth';
import { tokenRoom, userRoom } from '../../realtime';
import { allowRoom, chatRuleRooms } from '../../realtime/policy';

export type ChatNamespace = Namespace<Record<string, never>, ChatServerToClientEvents>;

/** A chat event to the sockets its rule allows (the shared inbox's readers). */
export function emitChat<E extends ChatEventName>(
  nsp: ChatNamespace,
  event: E,
  payload: Parameters<ChatServerToClientEvents[E]>[0],
): void {
  (nsp.to(allowRoom(CHAT_EVENT_POLICY[event].rule)).emit as (e: string, p: unknown) => boolean)(event, payload);
}

/**
 * The chat connection (shell.md §4): a Socket.IO namespace opened with the chat token (GET
 * generate_chat_token), not the access token. The token names its session: a revoked session's chat
 * socket is refused, and disconnected with the session's other sockets (tokenRoom). The socket goes
 * when the chat token expires; the console fetches a new token and reconnects.
 */
/** A chat socket's session: its user, its access token (the chat token names it) and the chat token's end. */
interface ChatSocketData {
  userId: number;
  tokenId: number;
  expiresAt: number;
  user: RequestUser;
}

export function chatNamespace(app: FastifyInstance): ChatNamespace {
  // Its rooms are the chat rules' (recovery is guarded by them, realtime/recovery.ts).
  const nsp = app.realtime.namespace(CHAT_NAMESPACE, chatRuleRooms) as unknown as ChatNamespace;
  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const claims = typeof token === 'string' ? app.auth.verifyChat(token) : null;
      if (!claims) return next(new Error(MSG.unauthenticated));
      // The session's rights of now, not of when the chat token was issued (throws when the session ended).
      const { user } = await authenticateSession(app.db, claims.sid, app.clock);
      if (user.id !== claims.sub) return next(new Error(MSG.unauthenticated));
      if (!chatPolicy.inbox.allows(user)) return next(new Error(MSG.forbidden));
      // A recovered session keeps its rooms: only the session's own token may take it back.
      const restored = socket.recovered ? (socket.data as Partial<ChatSocketData>).tokenId : undefined;
      if (socket.recovered && restored !== claims.sid) return next(new Error(MSG.unauthenticated));
      const data: ChatSocketData = { userId: user.id, tokenId: claims.sid, expiresAt: claims.exp * 1000, user };
      socket.data = data;
      next();
    } catch {
      next(new Error(MSG.unauthenticated));
    }
  });
  nsp.on('connection', (socket) => {
    const { userId, tokenId, expiresAt, user } = socket.data as ChatSocketData;
    if (!socket.recovered) socket.join([userRoom(userId), tokenRoom(tokenId), ...chatRuleRooms(user)]);
    const timer = setTimeout(
      () => socket.disconnect(true),
      Math.max(0, Math.min(expiresAt - app.clock.now(), 2 ** 31 - 1)),
    );
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  });
  return nsp;
}
