import { CHAT_NAMESPACE, type ChatServerToClientEvents, chatPolicy, MSG } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import type { Namespace } from 'socket.io';
import { tokenRoom } from '../../realtime';
import { sessionIsLive } from '../auth/sessions';
import { permissionsOfRole, rolesOfUser } from '../users/queries';

/** Every staff member with the inbox: the shared inbox's messages and receipts go to this room. */
export const INBOX_ROOM = 'chat:inbox';

export type ChatNamespace = Namespace<Record<string, never>, ChatServerToClientEvents>;

/**
 * The chat connection (shell.md §4): a Socket.IO namespace opened with the chat token (GET
 * generate_chat_token), not the access token. The token names its session: a revoked session's chat
 * socket is refused, and disconnected with the session's other sockets (tokenRoom). The socket goes
 * when the chat token expires; the console fetches a new token and reconnects.
 */
export function chatNamespace(app: FastifyInstance): ChatNamespace {
  const nsp = app.realtime.io.of(CHAT_NAMESPACE) as unknown as ChatNamespace;
  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const claims = typeof token === 'string' ? app.auth.verifyChat(token) : null;
      if (!claims || !(await sessionIsLive(app.db, claims.sid, app.clock.now())))
        return next(new Error(MSG.unauthenticated));
      // The rights of now, not of when the token was issued.
      const roles = await rolesOfUser(app.db, claims.sub);
      const permissions = await permissionsOfRole(app.db, roles[0]?.id);
      if (!chatPolicy.inbox.allows({ id: claims.sub, roles, permissions })) return next(new Error(MSG.forbidden));
      socket.data = { userId: claims.sub, sid: claims.sid, exp: claims.exp };
      next();
    } catch {
      next(new Error(MSG.unauthenticated));
    }
  });
  nsp.on('connection', (socket) => {
    const { sid, exp } = socket.data as { sid: number; exp: number };
    socket.join([INBOX_ROOM, tokenRoom(sid)]);
    const timer = setTimeout(
      () => socket.disconnect(true),
      Math.max(0, Math.min(exp * 1000 - app.clock.now(), 2 ** 31 - 1)),
    );
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  });
  return nsp;
}
