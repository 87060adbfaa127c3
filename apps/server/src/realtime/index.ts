import type { IncomingMessage } from 'node:http';
import type {
  CaptainLiveState,
  ClientToServerEvents,
  EventPolicy,
  RecipientEventName,
  ServerToClientEvents,
} from '@taxi/shared';
import { EVENT_POLICY, EVENTS, isAirportRole, MSG, sessionPolicy } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import { authenticateSession, authenticateToken, type RequestUser } from '../http/auth';
import { HttpError } from '../http/errors';
import type { Clock } from '../lib/clock';
import { findAccessToken } from '../modules/auth/queries';
import { watchEndedSessions } from '../modules/auth/sessions';
import { followers, followRoom } from './follow';
import { allowRoom, checkEventPolicies, denyRoom, mainRuleRooms } from './policy';
import { guardRecovery, refreshSocket } from './recovery';

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
  /** These users' rights changed (their role's permissions, their account): every node re-reads their sockets'. */
  rightsChanged: (userIds: number[]) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
type EventName = keyof ServerToClientEvents & string;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];
/** The events sent to everyone their rule allows (EVENT_POLICY's `audience` delivery). */
export type AudienceEventName = Exclude<EventName, RecipientEventName>;

/** Typed emit helpers; call them after the change is committed. Each event reaches only whom its rule allows. */
export interface Realtime {
  io: RealtimeServer;
  /** To every socket, on every node, whose session the event's rule allows (its view to those of `redact`). */
  emit<E extends AudienceEventName>(event: E, payload: PayloadOf<E>): void;
  /** The same to this node's sockets only (what reaches the others' goes its own way). */
  emitHere<E extends AudienceEventName>(event: E, payload: PayloadOf<E>): void;
  /** To this user's sockets, while the event's rule allows them. */
  emitToUser<E extends RecipientEventName>(userId: number, event: E, payload: PayloadOf<E>): void;
  /** One captain's positions to this node's sockets that follow it and do not get the whole fleet anyway. */
  emitToFollowersHere(captainId: number, payload: PayloadOf<'captain_location_updated'>): void;
  /** The captains this node's sockets follow. */
  followedHere(): ReadonlySet<number>;
  /** These users' rights changed: every node re-reads them and moves their sockets' rooms. */
  refreshRights(userIds: readonly number[]): Promise<void>;
  /**
   * A namespace of its own (the chat's): its sockets' rule rooms come from `rooms`, and a recovered session is
   * restored only while its token lives and its rooms are still the ones its rights give.
   */
  namespace(name: string, rooms: (actor: RequestUser) => string[]): ReturnType<RealtimeServer['of']>;
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
 * Socket.IO on the app's HTTP server (path /socket.io). The handshake carries `auth: {token}`; a console joins its
 * own `user:{id}` room, its session's `token:{id}` room and, for every rule the events name, `allow:` or `deny:`
 * that rule (policy.ts), from its session's rights; airport and partner roles get no socket (shell.md §6). The
 * rooms move when the rights change (`refreshRights`, on every node). A socket lives no longer than its session:
 * it is disconnected when its token expires, and when the token is revoked (logout, logout-all, an admin ending
 * the sessions, a password, activity or role change — `endSessions`, through the adapter on every node). A
 * reconnect is authenticated again, connection-state recovery included, on every namespace (recovery.ts).
 */
export async function createRealtime(
  app: FastifyInstance,
  opts: { db: Db; redisUrl?: string; redisPrefix?: string; corsOrigin?: string; onEmit?: (event: string) => void },
): Promise<Realtime> {
  checkEventPolicies();
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

  const clock = app.clock;
  const readSession = (tokenId: number) => authenticateSession(opts.db, tokenId, clock);
  // Every namespace's recovery is guarded: the main one here, the others as they are made (a namespace made without
  // `namespace()` restores nothing).
  const roomsOf = new Map<string, (actor: RequestUser) => string[]>([['/', mainRuleRooms]]);
  guardRecovery(io.of('/'), readSession, clock, mainRuleRooms);
  io.on('new_namespace', (nsp) => guardRecovery(nsp, readSession, clock, roomsOf.get(nsp.name) ?? null));

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const { user, tokenId } = await authenticateToken(opts.db, typeof token === 'string' ? token : null, clock);
      // No socket for the airport desk (shell.md §6) nor the partner desk (their desks read their own by HTTP).
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

  const follows = followers(io);
  io.on('connection', (socket) => {
    const { user, tokenId } = socket.data;
    if (!socket.recovered) socket.join([userRoom(user.id), tokenRoom(tokenId), ...mainRuleRooms(user)]);
    follows.listen(socket);
    expireWithToken(socket, clock);
    // A token revoked between the handshake's check and the join above missed its room's disconnect, and rights
    // changed meanwhile missed their refresh: read the session once more now that the socket is in its rooms.
    refreshSocket(socket, readSession, mainRuleRooms).catch((error) =>
      app.log.warn(error, 'socket session re-check failed'),
    );
  });

  const endedListeners: ((tokenIds: number[]) => void)[] = [];
  const endSessions = (tokenIds: readonly number[]) => {
    if (!tokenIds.length) return;
    for (const listener of endedListeners) listener([...tokenIds]);
    const rooms = tokenIds.map(tokenRoom);
    // Every namespace's sockets of the session (the chat connection names its session too).
    for (const nsp of io._nsps.values()) nsp.in(rooms).disconnectSockets(true);
  };
  // Tokens revoked while answering a request lose their sockets once the answer is ready.
  watchEndedSessions(app, opts.db, endSessions);

  const refreshHere = async (userIds: readonly number[]) => {
    const work: Promise<void>[] = [];
    for (const nsp of io._nsps.values()) {
      const rooms = roomsOf.get(nsp.name);
      for (const id of userIds) {
        for (const socketId of nsp.adapter.rooms.get(userRoom(id)) ?? []) {
          const socket = nsp.sockets.get(socketId);
          if (socket && rooms) work.push(refreshSocket(socket as RealtimeSocket, readSession, rooms));
        }
      }
    }
    const results = await Promise.allSettled(work);
    for (const r of results) if (r.status === 'rejected') app.log.warn(r.reason, 'socket rights refresh failed');
  };
  io.on('rightsChanged', (userIds: number[]) => void refreshHere(userIds));

  const send = (target: BroadcastTarget, event: string, payload: unknown) => {
    opts.onEmit?.(event);
    (target.emit as (e: string, p: unknown) => boolean)(event, payload);
  };
  /** An audience event through `via` (every node, or this one): the rule's room, its view to the view's. */
  const broadcast = (via: RealtimeServer | RealtimeServer['local'], event: AudienceEventName, payload: unknown) => {
    const policy = EVENT_POLICY[event] as EventPolicy<unknown>;
    const allowed = allowRoom(policy.rule);
    if (!policy.redact) return send(via.to(allowed), event, payload);
    const hidden = denyRoom(policy.redact.unless);
    send(via.to(allowed).except(hidden), event, payload);
    send(via.to(hidden).except(denyRoom(policy.rule)), event, policy.redact.view(payload));
  };
  const positions = EVENT_POLICY.captain_location_updated;

  return {
    io,
    emit: (event, payload) => broadcast(io, event, payload),
    emitHere: (event, payload) => broadcast(io.local, event, payload),
    emitToUser: (userId, event, payload) => {
      const policy = EVENT_POLICY[event] as EventPolicy<unknown>;
      send(io.to(userRoom(userId)).except(denyRoom(policy.rule)), event, payload);
    },
    emitToFollowersHere: (captainId, payload) =>
      send(
        io.local.to(followRoom(captainId)).except([allowRoom(positions.rule), denyRoom(positions.followers)]),
        EVENTS.captainLocationUpdated,
        payload,
      ),
    followedHere: () => follows.captains,
    refreshRights: async (userIds) => {
      const ids = [...new Set(userIds)];
      if (!ids.length) return;
      if (opts.redisUrl) io.serverSideEmit('rightsChanged', ids);
      await refreshHere(ids);
    },
    namespace: (name, rooms) => {
      if (io._nsps.has(name)) throw new Error(`namespace ${name} exists already`);
      roomsOf.set(name, rooms);
      return io.of(name);
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

type BroadcastTarget = ReturnType<RealtimeServer['to']>;
