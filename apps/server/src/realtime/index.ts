import type { IncomingMessage } from 'node:http';
import type { CaptainLiveState, ClientToServerEvents, ServerToClientEvents } from '@taxi/shared';
import { CHAT_NAMESPACE, isAirportRole, MSG, ROOMS, sessionPolicy } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import { authenticateToken, type RequestUser } from '../http/auth';
import { HttpError } from '../http/errors';
import type { Clock } from '../lib/clock';
import { findAccessToken } from '../modules/auth/queries';
import { sessionIsLive, watchEndedSessions } from '../modules/auth/sessions';

export interface SocketData {
  user: RequestUser;
  /** The access token the socket was opened with: its session. */
  tokenId: number;
  /** When that token expires (ms since the epoch): the socket goes then. */
  expiresAt: number;
}

/** Messages between server nodes (through the Redis adapter); never sent to browsers. */
export interface NodeEvents {
  /** A captain's live state changed on one node: the others follow (their position reports carry it). */
  captainState: (change: { captain_id: number; state: CaptainLiveState; since: number }) => void;
  /** A map layer (sectors, restricted areas, stations…) was written on one node: the others reload theirs. */
  geoChanged: () => void;
  /** A captain joined a station's queue (station_id) or left every queue (null) on one node. */
  stationQueue: (change: { captain_id: number; station_id: number | null; since: number }) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
type EventName = keyof ServerToClientEvents & string;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Typed emit helpers; call them after the change is committed. */
export interface Realtime {
  io: RealtimeServer;
  emitToUsers<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  /** To the `users` room's sockets on this node only (what reaches the others' goes its own way). */
  emitToUsersHere<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  emitToUser<E extends EventName>(userId: number, event: E, payload: PayloadOf<E>): void;
  /** Called with the ids of sessions (access tokens) that ended, once their ending is committed. */
  onSessionsEnded(listener: (tokenIds: number[]) => void): void;
  /** Tells the other server nodes (nothing to do on a single node). */
  toOtherNodes<E extends keyof NodeEvents>(event: E, ...args: Parameters<NodeEvents[E]>): void;
  /** Handles what another node told (never called on a single node). */
  onNodeEvent<E extends keyof NodeEvents>(event: E, handler: NodeEvents[E]): void;
  /** Disconnects the sockets of these sessions (token ids) at once, on every node. */
  endSessions(tokenIds: readonly number[]): void;
  close(): Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket of one session (one access token): a logout disconnects exactly these. */
export const tokenRoom = (tokenId: number) => `token:${tokenId}`;

/** setTimeout's longest delay (about 24.8 days); a 30-day token's timer is re-armed once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which browser pages may open a socket: the configured origins (CORS_ORIGIN), the server's own
 * origin (the Origin's host is the Host the request came to) and, in development only, any loopback
 * page (the Vite dev server's proxy rewrites Host, so its page never looks same-origin).
 *
 * A handshake without an Origin header is allowed: browsers always send Origin on cross-origin
 * requests and on every WebSocket handshake, so a missing one is a same-origin polling request or a
 * non-browser client (the tests, curl) — and those hold the bearer token themselves, which is what
 * the handshake checks next. Cookies play no part, so there is nothing for a foreign page to ride on;
 * the check keeps foreign pages from using the socket at all.
 */
export function originChecker(corsOrigin: string | undefined, development: boolean) {
  const allowed = new Set<string>();
  for (const entry of (corsOrigin ?? '').split(',')) {
    try {
      if (entry.trim()) allowed.add(new URL(entry.trim()).origin);
    } catch {
      // Not a URL: matches nothing.
    }
  }
  return (req: Pick<IncomingMessage, 'headers'>): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // "null" (sandboxed pages, file://) and garbage
    }
    if (allowed.has(url.origin)) return true;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (req.headers.host !== undefined && url.host === req.headers.host) return true;
    return development && LOOPBACK_HOSTS.has(url.hostname);
  };
}

/** Disconnects the socket when its token expires (on the server's clock, which issued the token). */
function expireWithToken(socket: RealtimeSocket, clock: Clock): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = socket.data.expiresAt - clock.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMEOUT_MS));
    timer.unref();
  };
  socket.once('disconnect', () => clearTimeout(timer));
  arm();
}

/**
 * Socket.IO on the app's HTTP server (path /socket.io). The handshake carries `auth: {token}`; staff
 * join the `users` room, their own `user:{id}` room and their session's `token:{id}` room; airport
 * roles get no socket (shell.md §6). A socket lives no longer than its session: it is disconnected
 * when its token expires, and when the token is revoked (logout, logout-all, an admin ending the
 * sessions, a password, activity or role change — `endSessions`, through the adapter on every node).
 * A reconnect is authenticated again, connection-state recovery included: a revoked or expired
 * token's session is never restored (and its missed events never replayed).
 */
export async function createRealtime(
  app: FastifyInstance,
  opts: { db: Db; redisUrl?: string; redisPrefix?: string; corsOrigin?: string; onEmit?: (event: string) => void },
): Promise<Realtime> {
  const originAllowed = originChecker(opts.corsOrigin, app.config?.isDevelopment ?? false);
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    cors: opts.corsOrigin ? { origin: opts.corsOrigin.split(',') } : undefined,
    // Engine.IO calls it for every new connection (polling or WebSocket), before anything else.
    allowRequest: (req, callback) => {
      const allowed = originAllowed(req);
      if (!allowed) app.log.info({ origin: req.headers.origin }, 'socket refused: foreign origin');
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
    // Middlewares run on recovery too: a reconnect is authenticated like a first connection.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  let closeRedis = async () => {};
  if (opts.redisUrl) {
    // Fan-out across nodes. (Connection-state recovery needs the sticky node with this adapter.)
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
    const pub = new Redis(opts.redisUrl);
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${opts.redisPrefix ?? 'taxi'}:socket.io` }));
    closeRedis = async () => {
      pub.disconnect();
      sub.disconnect();
    };
  }

  // Socket.IO restores a session (rooms, data, missed events) before any middleware runs, and sends
  // the missed events at once: a session whose token is no longer live is not restored at all.
  const adapter = io.of('/').adapter;
  const restoreSession = adapter.restoreSession.bind(adapter);
  // (Its type says Promise<Session>, but every adapter answers null for "nothing to restore".)
  adapter.restoreSession = (async (pid: string, offset: string) => {
    const session = await restoreSession(pid, offset);
    const tokenId = (session?.data as Partial<SocketData> | undefined)?.tokenId;
    if (!session || typeof tokenId !== 'number' || !(await sessionIsLive(opts.db, tokenId, app.clock.now())))
      return null;
    return session;
  }) as typeof adapter.restoreSession;

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const { user, tokenId } = await authenticateToken(opts.db, typeof token === 'string' ? token : null, app.clock);
      // No socket for the airport desk (shell.md §6) nor the partner desk (the staff room carries every booking).
      if (!sessionPolicy.socket.allows(user))
        return next(new Error(isAirportRole(user.roles) ? MSG.airportNoSocket : MSG.forbidden));
      const row = await findAccessToken(opts.db, tokenId);
      if (!row) return next(new Error(MSG.unauthenticated));
      // A recovered session keeps its rooms: only the session's own token may take it back.
      const restored = socket.recovered ? (socket.data as Partial<SocketData>).tokenId : undefined;
      if (socket.recovered && restored !== tokenId) return next(new Error(MSG.unauthenticated));
      socket.data = { user, tokenId, expiresAt: row.expiresAt.getTime() };
      next();
    } catch (error) {
      next(new Error(error instanceof HttpError ? error.message : MSG.unauthenticated));
    }
  });

  io.on('connection', (socket) => {
    const { user, tokenId } = socket.data;
    if (!socket.recovered) socket.join([ROOMS.users, userRoom(user.id), tokenRoom(tokenId)]);
    expireWithToken(socket, app.clock);
    // A token revoked between the handshake's check and the join above missed its room's disconnect:
    // look once more now that the socket is in the room.
    sessionIsLive(opts.db, tokenId, app.clock.now()).then(
      (live) => {
        if (!live) socket.disconnect(true);
      },
      (error) => app.log.warn(error, 'socket session re-check failed'),
    );
  });

  const endedListeners: ((tokenIds: number[]) => void)[] = [];
  const endSessions = (tokenIds: readonly number[]) => {
    if (!tokenIds.length) return;
    for (const listener of endedListeners) listener([...tokenIds]);
    const rooms = tokenIds.map(tokenRoom);
    io.in(rooms).disconnectSockets(true);
    // The chat connection (opened with a chat token naming the session) ends with its session.
    io.of(CHAT_NAMESPACE).in(rooms).disconnectSockets(true);
  };
  // Tokens revoked while answering a request lose their sockets once the answer is ready.
  watchEndedSessions(app, opts.db, endSessions);

  return {
    io,
    emitToUsers: (event, payload) => {
      opts.onEmit?.(event);
      (io.to(ROOMS.users).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUsersHere: (event, payload) => {
      opts.onEmit?.(event);
      (io.local.to(ROOMS.users).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUser: (userId, event, payload) => {
      opts.onEmit?.(event);
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toOtherNodes: (event, ...args) => {
      // The in-memory adapter has no other nodes (and warns on serverSideEmit).
      if (opts.redisUrl) io.serverSideEmit(event, ...args);
    },
    onNodeEvent: (event, handler) => {
      io.on(event, handler as never);
    },
    endSessions,
    onSessionsEnded: (listener) => {
      endedListeners.push(listener);
    },
    close: async () => {
      await io.close();
      await closeRedis();
    },
  };
}
