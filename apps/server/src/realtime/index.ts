import type { CaptainLiveState, ClientToServerEvents, ServerToClientEvents } from '@taxi/shared';
import { isAirportRole, MSG, ROOMS } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import { authenticateToken, type RequestUser } from '../http/auth';
import { HttpError } from '../http/errors';

export interface SocketData {
  user: RequestUser;
}

/** Messages between server nodes (through the Redis adapter); never sent to browsers. */
export interface NodeEvents {
  /** A captain's live state changed on one node: the others follow (their position reports carry it). */
  captainState: (change: { captain_id: number; state: CaptainLiveState; since: number }) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
type EventName = keyof ServerToClientEvents & string;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Typed emit helpers; call them after the change is committed. */
export interface Realtime {
  io: RealtimeServer;
  emitToUsers<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  emitToUser<E extends EventName>(userId: number, event: E, payload: PayloadOf<E>): void;
  /** Tells the other server nodes (nothing to do on a single node). */
  toOtherNodes<E extends keyof NodeEvents>(event: E, ...args: Parameters<NodeEvents[E]>): void;
  /** Handles what another node told (never called on a single node). */
  onNodeEvent<E extends keyof NodeEvents>(event: E, handler: NodeEvents[E]): void;
  close(): Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;

/**
 * Socket.IO on the app's HTTP server (path /socket.io). The handshake carries `auth: {token}`; staff
 * join the `users` room and their own `user:{id}` room; airport roles get no socket (shell.md §6).
 */
export async function createRealtime(
  app: FastifyInstance,
  opts: { db: Db; redisUrl?: string; redisPrefix?: string; corsOrigin?: string },
): Promise<Realtime> {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    cors: opts.corsOrigin ? { origin: opts.corsOrigin.split(',') } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: true },
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

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const { user } = await authenticateToken(opts.db, typeof token === 'string' ? token : null);
      if (isAirportRole(user.roles)) return next(new Error(MSG.airportNoSocket));
      socket.data.user = user;
      next();
    } catch (error) {
      next(new Error(error instanceof HttpError ? error.message : MSG.unauthenticated));
    }
  });

  io.on('connection', (socket) => {
    if (socket.recovered) return;
    socket.join([ROOMS.users, userRoom(socket.data.user.id)]);
  });

  return {
    io,
    emitToUsers: (event, payload) => {
      (io.to(ROOMS.users).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUser: (userId, event, payload) => {
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toOtherNodes: (event, ...args) => {
      // The in-memory adapter has no other nodes (and warns on serverSideEmit).
      if (opts.redisUrl) io.serverSideEmit(event, ...args);
    },
    onNodeEvent: (event, handler) => {
      io.on(event, handler as never);
    },
    close: async () => {
      await io.close();
      await closeRedis();
    },
  };
}
